//! One participant's folder read whole: `session.toml` and the tables,
//! every row checked against the session (the participant, the order run,
//! the labels) and against the other tables. Tables of an older program
//! (`conditions.csv` without end reasons, `ratings.csv` of FMS only) read
//! as well as the newer.

use super::conditions::{self, V1};
pub(super) use super::conditions::{Played, Rating};
use super::mssq_file;
use super::rows::{identify, WHO, WHO_AT};
use super::session_file::{self, SessionFile};
use super::table::{self, Checker, Row, Table};
use super::ReportError;
use crate::study::protocol::QUESTION_POINTS;
use crate::study::results::{
    ssq_header, ANSWERS_HEADER, RATINGS_HEADER, RATINGS_HEADER_V1, RATINGS_HEADER_V2,
};
use crate::study::scales::InPlayScale;
use crate::study::ssq;
use std::path::{Path, PathBuf};

/// The `question` of a ranking row in `answers.csv`.
pub const RANK: &str = "rank";
/// How far a written SSQ score may be from the items' score: the scores
/// are written rounded, and a larger gap means the row was changed.
const SCORE_TOLERANCE: f64 = 0.05;
/// The highest SSQ score a file may hold (the total's maximum is 235.62,
/// disorientation's 292.32).
const SCORE_TOP: f64 = 300.0;
/// The SSQ's scores in the order `ssq.csv` writes them after the items.
pub(super) const SSQ_SCORES: [&str; 4] = ["nausea", "oculomotor", "disorientation", "total"];

/// A participant's session, read and checked.
#[derive(Clone, Debug)]
pub(super) struct Participant {
    /// What `session.toml` says.
    pub session: SessionFile,
    /// The folder read.
    pub dir: PathBuf,
    /// The scale of the in-play ratings: the protocol's.
    pub scale: InPlayScale,
    /// True when `conditions.csv` is an older program's: end reasons read
    /// from `ended_early`, recordings not identified.
    pub older_conditions: bool,
    /// The conditions played (ended or stopped), in the order run.
    pub played: Vec<Played>,
    /// The baseline SSQ's scores, if given.
    pub baseline_ssq: Option<ssq::Scores>,
    /// The MSSQ-short's raw score (0 to 54), if the protocol asked it and
    /// it scores.
    pub mssq_raw: Option<f64>,
    /// The final ranking: (condition, rank from 1, best).
    pub ranks: Vec<(String, usize)>,
    /// What the report should say about this session's files.
    pub notes: Vec<String>,
    /// The text of `events.csv`, read once when the folder was looked
    /// into (None without one, or unreadable).
    pub events: Option<String>,
}

impl Participant {
    /// The participant's ID.
    pub fn id(&self) -> &str {
        &self.session.participant
    }

    /// The condition played at `position` (from 1) in the order run, by
    /// name; `none` before the first.
    pub fn before(&self, position: usize) -> &str {
        match position {
            0 | 1 => super::model::NO_PREVIOUS,
            p => &self.session.order[p - 2],
        }
    }
}

/// Reads the participant folder `dir` named `id`.
pub(super) fn read(dir: &Path, id: &str) -> Result<Participant, ReportError> {
    let session = session_file::read(&dir.join("session.toml"), id)?;
    let mut p = Participant {
        dir: dir.to_owned(),
        scale: session.protocol.in_play_scale,
        older_conditions: false,
        session,
        played: Vec::new(),
        baseline_ssq: None,
        mssq_raw: None,
        ranks: Vec::new(),
        notes: Vec::new(),
        events: None,
    };
    // In this order: each table is checked against the ones before.
    if let Some(t) = table_of(&mut p, "conditions.csv", &conditions::HEADERS)? {
        p.older_conditions = t.version == V1;
        p.played = conditions::read(&t, &p.session, dir)?;
    }
    let ratings = [RATINGS_HEADER, RATINGS_HEADER_V2, RATINGS_HEADER_V1];
    if let Some(t) = table_of(&mut p, "ratings.csv", &ratings)? {
        ratings_of(&mut p, &t)?;
    }
    if let Some(t) = table_of(&mut p, "ssq.csv", &[&ssq_header()])? {
        ssq_of(&mut p, &t)?;
    }
    if let Some(t) = table_of(&mut p, "answers.csv", &[ANSWERS_HEADER])? {
        answers_of(&mut p, &t)?;
    }
    if p.session.protocol.mssq {
        mssq_of(&mut p)?;
    }
    visit_notes(&mut p)?;
    let (ran, of) = (p.played.len(), p.session.order.len());
    if ran < of {
        p.notes
            .push(format!("{id} played {ran} of the {of} conditions"));
    }
    Ok(p)
}

/// The days between a participant's visits, as notes: when each visit
/// after the first began, counted in calendar days (UTC) from the one
/// before.
fn visit_notes(p: &mut Participant) -> Result<(), ReportError> {
    if p.session.protocol.procedure.visits < 2 {
        return Ok(());
    }
    let starts = &p.session.visit_starts;
    let day = |utc: &str| {
        let d = |r: std::ops::Range<usize>| utc.get(r)?.parse::<u64>().ok();
        crate::calendar::civil_days(d(0..4)?, d(5..7)?, d(8..10)?)
    };
    for pair in starts.windows(2) {
        let ((a, at_a), (b, at_b)) = (&pair[0], &pair[1]);
        if let (Some(x), Some(y)) = (day(at_a), day(at_b)) {
            let days = y.saturating_sub(x);
            p.notes.push(format!(
                "{}: visit {b} began {days} day(s) after visit {a} ({} to {})",
                p.id(),
                &at_a[..10],
                &at_b[..10]
            ));
        }
    }
    let of = p.session.protocol.procedure.visits;
    if starts.len() < of {
        p.notes
            .push(format!("{}: {} of {of} visits begun", p.id(), starts.len()));
    }
    Ok(())
}

/// The MSSQ-short's tables into [`Participant::mssq_raw`], noting a
/// participant without a score.
fn mssq_of(p: &mut Participant) -> Result<(), ReportError> {
    let items = table_of(p, "mssq-items.csv", &mssq_file::ITEMS_HEADERS)?;
    let scores = table_of(p, "mssq.csv", &mssq_file::SCORES_HEADERS)?;
    let m = mssq_file::read(items.as_ref(), scores.as_ref(), &p.session)?;
    p.mssq_raw = m.raw;
    let all = crate::study::mssq::ITEMS;
    let why = match m.answered {
        n if n < all => format!("{n} of its {all} items answered"),
        _ => "a section with every kind never travelled".into(),
    };
    if m.raw.is_none() {
        p.notes
            .push(format!("{}: no MSSQ-short raw score ({why})", p.id()));
    }
    Ok(())
}

/// The table `name` of `p`'s folder, read under one of `headers`, if
/// there is one; a last line cut off is noted.
fn table_of(
    p: &mut Participant,
    name: &str,
    headers: &[&str],
) -> Result<Option<Table>, ReportError> {
    let t = table::read(&p.dir.join(name), headers)?;
    if t.as_ref().is_some_and(|t| t.cut) {
        p.notes.push(format!(
            "{}/{name}: the last line has no end (the session stopped while writing it) and \
             is left out",
            p.id()
        ));
    }
    Ok(t)
}

/// `ratings.csv` into each played condition's ratings, the rows of
/// attempts cut off (session.toml's `[[resumed]]`) left out.
fn ratings_of(p: &mut Participant, t: &Table) -> Result<(), ReportError> {
    let mut f = Checker::new(&t.file);
    let scale = p.scale;
    // The oldest table has no `scale` column: every rating is an FMS.
    // (The latency the newest adds is not analysed here.)
    let (scale_at, value_at) = match t.version {
        0 | 1 => (Some(5), 6),
        _ => (None, 5),
    };
    if scale_at.is_none() && scale != InPlayScale::Fms {
        let message = format!(
            "an older program's ratings.csv (FMS ratings), but the protocol asks the {}",
            scale_name(scale)
        );
        f.add(1, 1, message);
        return f.finish();
    }
    let mut seen = vec![0_usize; p.session.order.len()];
    let mut unplayed = 0;
    for row in &t.rows {
        let Some((condition, position)) = identify(&mut f, t, row, &p.session, &WHO_AT) else {
            continue;
        };
        let t_s = f.field(t, row, 4, table::seconds);
        let named = scale_at.map_or(Some(()), |i| f.field(t, row, i, |v| scale_is(v, scale)));
        let value = f.field(t, row, value_at, |v| rating(v, scale));
        let (Some(t_s), Some(()), Some(value)) = (t_s, named, value) else {
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
        c.ratings.push(Rating { t_s, value });
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

/// The scale's name as the report writes it: `FMS`, `MISC`.
pub(super) fn scale_name(scale: InPlayScale) -> String {
    scale.name().to_uppercase()
}

/// Nothing wrong if `text` names `scale`, the protocol's.
fn scale_is(text: &str, scale: InPlayScale) -> Result<(), String> {
    match text == scale.name() {
        true => Ok(()),
        false => Err(format!("`{}` (the protocol's in-play scale)", scale.name())),
    }
}

/// A rating on `scale`, or nothing for a prompt left unanswered.
fn rating(text: &str, scale: InPlayScale) -> Result<Option<u8>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    let top = u64::from(scale.max());
    let want = || format!("a whole number from 0 to {top}, or nothing when unanswered");
    let v = table::whole(text, 0, top).map_err(|_| want())?;
    Ok(Some(v as u8))
}

/// `ssq.csv` into the baseline and each played condition's SSQ scores.
fn ssq_of(p: &mut Participant, t: &Table) -> Result<(), ReportError> {
    let mut f = Checker::new(&t.file);
    for row in &t.rows {
        let Some(scores) = ssq_scores(&mut f, t, row) else {
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
                    p.baseline_ssq = Some(scores);
                }
            }
            when @ ("post" | "pre") => {
                let Some((condition, _)) = identify(&mut f, t, row, &p.session, &WHO) else {
                    continue;
                };
                let (after, word) = (
                    when == "post",
                    if when == "post" { "after" } else { "before" },
                );
                match p.played.iter_mut().find(|c| c.condition == condition) {
                    Some(c) => {
                        let slot = if after {
                            &mut c.ssq_post
                        } else {
                            &mut c.ssq_pre
                        };
                        match slot {
                            Some(_) => {
                                let message = format!("a second SSQ {word} `{condition}`");
                                f.at_field(row, 1, message);
                            }
                            None => *slot = Some(scores),
                        }
                    }
                    // An SSQ before a condition not yet played: the
                    // session stopped between them.
                    None if !after => {}
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
                    Err::<(), _>("`baseline`, `pre` or `post`".to_string())
                });
            }
        }
    }
    f.finish()
}

/// The scores of an SSQ row, recomputed from its items (Kennedy et al.
/// 1993), after checking the scores written beside them; None after a
/// fault.
fn ssq_scores(f: &mut Checker, t: &Table, row: &Row) -> Option<ssq::Scores> {
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
            let column = SSQ_SCORES[i];
            let message = format!(
                "`{column}` is {w}, but the items score {}",
                (want * 100.0).round() / 100.0
            );
            f.at_field(row, FIRST_ITEM + 16 + i, message);
            agree = false;
        }
    }
    agree.then_some(s)
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
        let asked = p
            .session
            .protocol
            .questions
            .iter()
            .find(|q| q.id == question);
        let (low, top) = asked.map_or((1, QUESTION_POINTS), |q| q.range());
        let (low, top) = (u64::from(low), u64::from(top));
        let Some(answer) = f.field(t, row, 4, |v| table::whole(v, low, top)) else {
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
