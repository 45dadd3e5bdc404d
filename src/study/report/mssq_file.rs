//! A participant's MSSQ-short (susceptibility) tables: `mssq-items.csv`,
//! each answer as given, and `mssq.csv`, the scores written when the last
//! was. The scores are recomputed from the items (Golding 2006) and the
//! row written checked against them, as the SSQ's are.

use super::rows::is_participant;
use super::session_file::SessionFile;
use super::table::{self, Checker, Row, Table};
use super::ReportError;
use crate::study::mssq::{self, Section, KINDS, MAX_RATING};
use crate::study::results::{MSSQ_HEADER, MSSQ_ITEMS_HEADER};

/// The headers of `mssq-items.csv` read.
pub(super) const ITEMS_HEADERS: [&str; 1] = [MSSQ_ITEMS_HEADER];
/// ... of `mssq.csv`.
pub(super) const SCORES_HEADERS: [&str; 1] = [MSSQ_HEADER];

/// How far a written score may be from the items' score: the scores are
/// written to four decimals.
const SCORE_TOLERANCE: f64 = 1e-4;

/// What the MSSQ-short tables give.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Mssq {
    /// Items answered, of [`mssq::ITEMS`].
    pub answered: usize,
    /// The raw score (0 to 54): the items', when all are answered, else
    /// the one written; None when neither scores.
    pub raw: Option<f64>,
}

/// The answers of one section by kind: None while unanswered, Some(None)
/// for never travelled.
type Given = [Option<Option<u8>>; KINDS.len()];

/// The MSSQ-short of session `s` from its tables (None where a file is
/// missing).
pub(super) fn read(
    items: Option<&Table>,
    scores: Option<&Table>,
    s: &SessionFile,
) -> Result<Mssq, ReportError> {
    let (child, adult) = match items {
        Some(t) => answers(t, s)?,
        None => Default::default(),
    };
    let answered = child.iter().chain(&adult).flatten().count();
    let computed = (answered == mssq::ITEMS)
        .then(|| mssq::score(&child.map(Option::flatten), &adult.map(Option::flatten)));
    let written = match scores {
        Some(t) => written(t, s, computed.as_ref())?,
        None => None,
    };
    let raw = match computed {
        Some(c) => c.raw,
        None => written.flatten(),
    };
    Ok(Mssq { answered, raw })
}

/// `mssq-items.csv`: each section's answers.
fn answers(t: &Table, s: &SessionFile) -> Result<(Given, Given), ReportError> {
    let mut f = Checker::new(&t.file);
    let (mut child, mut adult): (Given, Given) = Default::default();
    for row in &t.rows {
        if !is_participant(&mut f, row, s) {
            continue;
        }
        let section = f.field(t, row, 1, |v| {
            Section::from_name(v).ok_or_else(|| "`child` or `adult`".to_string())
        });
        let kind = f.field(t, row, 2, |v| table::whole(v, 1, KINDS.len() as u64));
        let answer = f.field(t, row, 3, answer);
        let (Some(section), Some(kind), Some(answer)) = (section, kind, answer) else {
            continue;
        };
        let given = match section {
            Section::Child => &mut child,
            Section::Adult => &mut adult,
        };
        let slot = &mut given[kind as usize - 1];
        if slot.is_some() {
            let message = format!("a second answer to {} item {kind}", section.name());
            f.at_field(row, 2, message);
            continue;
        }
        *slot = Some(answer);
    }
    f.finish().map(|()| (child, adult))
}

/// An answer: 0 to 3, or `na` (never travelled that way).
fn answer(text: &str) -> Result<Option<u8>, String> {
    match text {
        "na" => Ok(None),
        t => table::whole(t, 0, u64::from(MAX_RATING))
            .map(|v| Some(v as u8))
            .map_err(|_| format!("a whole number from 0 to {MAX_RATING}, or `na`")),
    }
}

/// `mssq.csv`'s raw score (None: written empty), checked against the
/// items' scores `computed` when there are; None with no row.
fn written(
    t: &Table,
    s: &SessionFile,
    computed: Option<&mssq::Scores>,
) -> Result<Option<Option<f64>>, ReportError> {
    let mut f = Checker::new(&t.file);
    let mut raw = None;
    for row in &t.rows {
        if !is_participant(&mut f, row, s) {
            continue;
        }
        if raw.is_some() {
            f.at_field(row, 0, "a second row of scores".into());
            continue;
        }
        let top = mssq::MAX_RAW;
        let scores: Vec<Option<Option<f64>>> = [(1, top / 2.0), (2, top / 2.0), (3, top)]
            .into_iter()
            .map(|(i, high)| f.field(t, row, i, |v| optional(v, high)))
            .collect();
        let kinds = KINDS.len() as u64;
        let never: Vec<Option<u64>> = (4..=5)
            .map(|i| f.field(t, row, i, |v| table::whole(v, 0, kinds)))
            .collect();
        if let Some(c) = computed {
            check(&mut f, row, &scores, &never, c);
        }
        raw = Some(scores[2].flatten());
    }
    f.finish().map(|()| raw)
}

/// A score from 0 to `high`, or nothing (not scorable).
fn optional(text: &str, high: f64) -> Result<Option<f64>, String> {
    match text {
        "" => Ok(None),
        t => table::number(t, 0.0, high)
            .map(Some)
            .map_err(|want| want + ", or nothing"),
    }
}

/// Faults where the row's scores (`child, adult, raw`, each None after a
/// fault) and kinds never travelled are not those of the items, `c`.
fn check(
    f: &mut Checker,
    row: &Row,
    scores: &[Option<Option<f64>>],
    never: &[Option<u64>],
    c: &mssq::Scores,
) {
    let names = ["child", "adult", "raw"];
    let want = [c.child, c.adult, c.raw];
    for (i, (written, want)) in scores.iter().zip(want).enumerate() {
        let Some(written) = written else {
            continue;
        };
        let agree = match (written, want) {
            (Some(w), Some(v)) => (w - v).abs() <= SCORE_TOLERANCE,
            (w, v) => w.is_none() && v.is_none(),
        };
        if !agree {
            let shown = |v: Option<f64>| v.map_or("nothing".into(), |v| format!("{v:.4}"));
            let message = format!(
                "`{}` is {}, but the items in mssq-items.csv score {}",
                names[i],
                shown(*written),
                shown(want)
            );
            f.at_field(row, i + 1, message);
        }
    }
    let want = [c.child_not_travelled, c.adult_not_travelled];
    for (i, (written, want)) in never.iter().zip(want).enumerate() {
        if written.is_some_and(|w| w != want as u64) {
            let message = format!("the items in mssq-items.csv leave {want} never travelled");
            f.at_field(row, i + 4, message);
        }
    }
}

#[cfg(test)]
#[path = "mssq_file_tests.rs"]
mod tests;
