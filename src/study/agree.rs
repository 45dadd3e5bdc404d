//! The report's numbers against R's: `model.csv`, `tests.csv` and
//! `survival.csv` of a report folder compared with the `r-model.csv`,
//! `r-tests.csv` and `r-survival.csv` that its `analysis.R` writes there
//! (formats in [`crate::study::rscript`]), row by row:
//!
//! - every fixed effect, standard error, interval end and variance of the
//!   mixed models and the Cox model within [`RELATIVE`] of R's (relative
//!   to the larger of the two, with an absolute floor of [`FLOOR`] for
//!   numbers near zero);
//! - every likelihood-ratio statistic within [`RELATIVE`], the log-rank
//!   statistics (pooled and stratified by participant) within
//!   [`LOG_RANK_RELATIVE`], each test's degrees of
//!   freedom equal, its p-value within [`RELATIVE`] (or [`P_FLOOR`]);
//! - the Kaplan-Meier curves step by step: the same times (to the 15
//!   significant digits R writes), numbers at risk and events exactly, the
//!   survival and its interval within [`SURVIVAL_ABSOLUTE`].
//!
//! - the ordinal model's thresholds, coefficients, standard errors and
//!   random-intercept SD, where the report fits it (MISC studies), within
//!   [`ORDINAL_RELATIVE`].
//!
//! Every row of the report must be in R's file and every row R writes for
//! a model or test the report fits must be in the report's; R's rows of
//! the ordinal model of a study the report fits none for (the FMS's) are
//! left out.

use crate::study::rscript::{
    self, COX_MODEL, LOG_RANK, LOG_RANK_STRATIFIED, MODELS, MODEL_FILE, ORDINAL_MODEL,
    R_MODEL_FILE, R_SURVIVAL_FILE, R_TESTS_FILE, SURVIVAL_FILE, TESTS, TESTS_FILE,
};
use std::collections::BTreeMap;
use std::path::Path;

/// The relative agreement asked of model estimates, standard errors,
/// variances and likelihood-ratio statistics.
pub const RELATIVE: f64 = 1e-4;
/// Below this absolute difference two model numbers agree whatever their
/// size: `analysis.R` runs lme4 with its default optimizer, which places
/// the variance ratio to about 1e-7, and an estimate near zero inherits
/// that as an absolute, not a relative, difference.
pub const FLOOR: f64 = 1e-6;
/// The relative agreement asked of the log-rank statistic.
pub const LOG_RANK_RELATIVE: f64 = 1e-6;
/// Below this two p-values agree whatever their size.
pub const P_FLOOR: f64 = 1e-12;
/// The absolute agreement asked of a Kaplan-Meier survival and its
/// interval's ends.
pub const SURVIVAL_ABSOLUTE: f64 = 1e-9;
/// Two times agree when they differ by less than this fraction: R writes
/// 15 significant digits.
const TIME_DIGITS: f64 = 1e-14;

/// A file of a report folder that could not be read.
#[derive(Debug, thiserror::Error)]
#[error("{source}")]
pub struct AgreeError {
    /// The file, and why: the system's reason, a file too large or not a
    /// regular file, a byte that is not UTF-8.
    pub source: Box<crate::located::Located<crate::files::ReadError>>,
}

/// The largest difference met in one kind of number.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Worst {
    /// Numbers compared.
    pub compared: usize,
    /// The largest difference, relative or absolute as the kind is
    /// compared.
    pub difference: f64,
    /// Where: file and row.
    pub at: String,
}

/// What a comparison found.
#[derive(Clone, Debug, Default)]
pub struct Agreement {
    /// Per kind of number (`estimate`, `se`, ...), the largest difference.
    pub worst: BTreeMap<&'static str, Worst>,
    /// Each disagreement, in words.
    pub faults: Vec<String>,
    /// Numbers of the report R gave none of, where `analysis.R` says why
    /// (the ordinal model's standard errors when `clmm` did not converge).
    pub unchecked: Vec<String>,
}

impl Agreement {
    /// True if every number agreed and every row was matched.
    pub fn agrees(&self) -> bool {
        self.faults.is_empty()
    }

    /// Compares one number of kind `kind` at `at`: a fault if ours and
    /// theirs differ by more than `rule` allows.
    fn number(&mut self, kind: &'static str, at: &str, pair: (f64, f64), rule: Rule) {
        let (ours, theirs) = pair;
        let difference = rule.difference(ours, theirs);
        let worst = self.worst.entry(kind).or_default();
        worst.compared += 1;
        if difference > worst.difference || worst.at.is_empty() {
            worst.difference = difference;
            worst.at = at.to_string();
        }
        if !rule.agrees(ours, theirs) {
            self.faults.push(format!(
                "{at}: {kind} {ours} here, {theirs} in R ({} apart)",
                difference
            ));
        }
    }

    /// Compares two fields that may be empty (R's `NA`).
    fn field(&mut self, kind: &'static str, at: &str, (ours, theirs): (&str, &str), rule: Rule) {
        match (ours.parse::<f64>(), theirs.parse::<f64>()) {
            (Ok(a), Ok(b)) => self.number(kind, at, (a, b), rule),
            _ if ours.is_empty() && theirs.is_empty() => {}
            _ => self
                .faults
                .push(format!("{at}: {kind} `{ours}` here, `{theirs}` in R")),
        }
    }

    /// Fields that must be equal as text.
    fn same(&mut self, kind: &str, at: &str, (ours, theirs): (&str, &str)) {
        if ours != theirs {
            self.faults
                .push(format!("{at}: {kind} `{ours}` here, `{theirs}` in R"));
        }
    }
}

/// How two numbers are compared.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// Relative to the larger, or within an absolute floor.
    Relative { relative: f64, floor: f64 },
    /// Absolutely.
    Absolute(f64),
}

impl Rule {
    fn difference(self, a: f64, b: f64) -> f64 {
        match self {
            Rule::Relative { .. } => (a - b).abs() / a.abs().max(b.abs()).max(f64::MIN_POSITIVE),
            Rule::Absolute(_) => (a - b).abs(),
        }
    }

    fn agrees(self, a: f64, b: f64) -> bool {
        match self {
            Rule::Relative { relative, floor } => {
                (a - b).abs() <= floor || self.difference(a, b) <= relative
            }
            Rule::Absolute(tolerance) => (a - b).abs() <= tolerance,
        }
    }
}

const MODEL_RULE: Rule = Rule::Relative {
    relative: RELATIVE,
    floor: FLOOR,
};
/// The relative agreement asked of the ordinal model's numbers: the
/// Laplace likelihood is optimised by `nlminb` in R to a gradient of about
/// 1e-5, and its standard errors come from a finite-difference Hessian.
pub const ORDINAL_RELATIVE: f64 = 1e-3;
const ORDINAL_RULE: Rule = Rule::Relative {
    relative: ORDINAL_RELATIVE,
    floor: FLOOR,
};
/// The kinds of the ordinal model's four numbers.
const ORDINAL_KINDS: [&str; 4] = [
    "ordinal estimate",
    "ordinal se",
    "ordinal interval",
    "ordinal interval",
];
const P_RULE: Rule = Rule::Relative {
    relative: RELATIVE,
    floor: P_FLOOR,
};

/// A CSV text's rows, split at commas; a header not `header` is a fault.
fn rows(a: &mut Agreement, file: &str, text: &str, header: &str) -> Vec<Vec<String>> {
    let mut lines = text.lines();
    if lines.next() != Some(header) {
        a.faults
            .push(format!("{file}: the header is not `{header}`"));
        return Vec::new();
    }
    lines
        .filter(|l| !l.is_empty())
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

/// The texts of `model.csv`, `tests.csv` and `survival.csv`, or of R's
/// files in their formats.
#[derive(Clone, Debug)]
pub struct Files {
    /// The models' rows.
    pub model: String,
    /// The tests' rows.
    pub tests: String,
    /// The curves' rows.
    pub survival: String,
}

impl Files {
    /// The report's three files in `dir` (`r` false), or R's (`r` true).
    pub fn read(dir: &Path, r: bool) -> Result<Files, AgreeError> {
        let names = match r {
            false => [MODEL_FILE, TESTS_FILE, SURVIVAL_FILE],
            true => [R_MODEL_FILE, R_TESTS_FILE, R_SURVIVAL_FILE],
        };
        let [model, tests, survival] = names.map(|name| {
            let path = dir.join(name);
            // Bounded, and only a regular file: the folder is anyone's.
            crate::files::read_text(&path, "study table", crate::files::cap::STUDY_TABLE).map_err(
                |source| AgreeError {
                    source: Box::new(source),
                },
            )
        });
        Ok(Files {
            model: model?,
            tests: tests?,
            survival: survival?,
        })
    }
}

/// Compares the report in `dir` with R's files beside it.
pub fn compare_folder(dir: &Path) -> Result<Agreement, AgreeError> {
    Ok(compare(&Files::read(dir, false)?, &Files::read(dir, true)?))
}

/// Compares the report's files with R's.
pub fn compare(ours: &Files, theirs: &Files) -> Agreement {
    let mut a = Agreement::default();
    let (model, tests_header, survival) = (
        rscript::MODEL_HEADER,
        rscript::TESTS_HEADER,
        rscript::SURVIVAL_HEADER,
    );
    let ours_model = rows(&mut a, MODEL_FILE, &ours.model, model);
    let theirs_model = rows(&mut a, R_MODEL_FILE, &theirs.model, model);
    models(&mut a, &ours_model, &theirs_model);
    let ours_tests = rows(&mut a, TESTS_FILE, &ours.tests, tests_header);
    let theirs_tests = rows(&mut a, R_TESTS_FILE, &theirs.tests, tests_header);
    tests(&mut a, &ours_tests, &theirs_tests);
    let ours_curves = rows(&mut a, SURVIVAL_FILE, &ours.survival, survival);
    let theirs_curves = rows(&mut a, R_SURVIVAL_FILE, &theirs.survival, survival);
    curves(&mut a, &ours_curves, &theirs_curves);
    a
}

/// A file's rows by their key (the first fields), each the fields after
/// it.
type Keyed = BTreeMap<String, Vec<String>>;

/// Rows keyed by their first `key` fields, in order; a row too short for
/// its format is a fault.
fn keyed(a: &mut Agreement, file: &str, rows: &[Vec<String>], key: usize, width: usize) -> Keyed {
    let mut out = BTreeMap::new();
    for row in rows {
        if row.len() != width {
            a.faults.push(format!(
                "{file}: a row of {} fields: {}",
                row.len(),
                row.join(",")
            ));
            continue;
        }
        out.insert(row[..key].join(","), row[key..].to_vec());
    }
    out
}

/// Whether R's row `key` is of a model or test the report fits.
fn reported(key: &str, names: &[&str]) -> bool {
    names.iter().any(|n| key.split(',').next() == Some(n))
}

/// Pairs the rows of ours and R's by key: those in one file only are
/// faults (R's only where `names` says the report has them too).
fn paired(
    a: &mut Agreement,
    file: &str,
    (ours, theirs): (&Keyed, &Keyed),
    names: &[&str],
) -> Vec<(String, Vec<String>, Vec<String>)> {
    for key in theirs.keys() {
        if reported(key, names) && !ours.contains_key(key) {
            a.faults
                .push(format!("{file}: R has {key}, the report not"));
        }
    }
    let mut out = Vec::new();
    for (key, row) in ours {
        match theirs.get(key) {
            Some(other) => out.push((key.clone(), row.clone(), other.clone())),
            None => a.faults.push(format!("{file}: R has no {key}")),
        }
    }
    out
}

fn models(a: &mut Agreement, ours: &[Vec<String>], theirs: &[Vec<String>]) {
    let ours = keyed(a, MODEL_FILE, ours, 2, 6);
    let theirs = keyed(a, R_MODEL_FILE, theirs, 2, 6);
    let mut names: Vec<&str> = MODELS.iter().map(|m| m.name).collect();
    // The report fits M3 only with the MSSQ, and R then too.
    names.retain(|n| ours.keys().any(|k| reported(k, &[n])));
    names.push(COX_MODEL);
    // The ordinal model only where the report fits it (MISC studies).
    if ours.keys().any(|k| reported(k, &[ORDINAL_MODEL])) {
        names.push(ORDINAL_MODEL);
    }
    for (key, row, other) in paired(a, MODEL_FILE, (&ours, &theirs), &names) {
        let at = format!("{MODEL_FILE} {key}");
        for (i, kind) in ["estimate", "se", "ci_low", "ci_high"]
            .into_iter()
            .enumerate()
        {
            if reported(&key, &[ORDINAL_MODEL]) {
                // analysis.R leaves out clmm's standard errors where its fit
                // did not converge, and prints why: the estimates still agree.
                if i > 0 && other[i].is_empty() && !row[i].is_empty() {
                    a.unchecked.push(format!("{at}: {}", ORDINAL_KINDS[i]));
                    continue;
                }
                a.field(ORDINAL_KINDS[i], &at, (&row[i], &other[i]), ORDINAL_RULE);
                continue;
            }
            let kind = match (key.starts_with(COX_MODEL), kind) {
                (true, "estimate") => "cox estimate",
                (true, "se") => "cox se",
                (true, _) => "cox interval",
                (false, "estimate") if key.contains(",var_") => "variance",
                (false, k) => k,
            };
            a.field(kind, &at, (&row[i], &other[i]), MODEL_RULE);
        }
    }
}

fn tests(a: &mut Agreement, ours: &[Vec<String>], theirs: &[Vec<String>]) {
    let ours = keyed(a, TESTS_FILE, ours, 1, 4);
    let theirs = keyed(a, R_TESTS_FILE, theirs, 1, 4);
    let mut names: Vec<&str> = TESTS
        .iter()
        .map(|t| t.name)
        .filter(|n| ours.contains_key(*n))
        .collect();
    names.extend([LOG_RANK, LOG_RANK_STRATIFIED, rscript::COX_WALD]);
    for (key, row, other) in paired(a, TESTS_FILE, (&ours, &theirs), &names) {
        let at = format!("{TESTS_FILE} {key}");
        let (kind, rule) = match key.as_str() {
            LOG_RANK | LOG_RANK_STRATIFIED => (
                "log-rank statistic",
                Rule::Relative {
                    relative: LOG_RANK_RELATIVE,
                    floor: 0.0,
                },
            ),
            k if k == rscript::COX_WALD => ("cox wald statistic", MODEL_RULE),
            _ => ("likelihood ratio", MODEL_RULE),
        };
        a.field(kind, &at, (&row[0], &other[0]), rule);
        a.same("df", &at, (&row[1], &other[1]));
        a.field("p", &at, (&row[2], &other[2]), P_RULE);
    }
}

fn curves(a: &mut Agreement, ours: &[Vec<String>], theirs: &[Vec<String>]) {
    let by_condition = |rows: &[Vec<String>]| {
        let mut out: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
        for row in rows {
            out.entry(row[0].clone()).or_default().push(row.clone());
        }
        out
    };
    let (ours, theirs) = (by_condition(ours), by_condition(theirs));
    for condition in theirs.keys().filter(|c| !ours.contains_key(*c)) {
        a.faults.push(format!(
            "{SURVIVAL_FILE}: R has a curve of {condition}, the report not"
        ));
    }
    for (condition, steps) in &ours {
        let Some(other) = theirs.get(condition) else {
            a.faults
                .push(format!("{SURVIVAL_FILE}: R has no curve of {condition}"));
            continue;
        };
        if steps.len() != other.len() {
            a.faults.push(format!(
                "{SURVIVAL_FILE} {condition}: {} steps here, {} in R",
                steps.len(),
                other.len()
            ));
        }
        for (i, (row, r)) in steps.iter().zip(other).enumerate() {
            let at = format!("{SURVIVAL_FILE} {condition} step {}", i + 1);
            step(a, &at, row, r);
        }
    }
}

/// Compares one Kaplan-Meier step, ours `row` and R's `r`, at `at`.
fn step(a: &mut Agreement, at: &str, row: &[String], r: &[String]) {
    if row.len() != 7 || r.len() != 7 {
        a.faults.push(format!("{at}: not 7 fields"));
        return;
    }
    let time = Rule::Relative {
        relative: TIME_DIGITS,
        floor: 0.0,
    };
    a.field("time", at, (&row[1], &r[1]), time);
    a.same("at risk", at, (&row[2], &r[2]));
    a.same("events", at, (&row[3], &r[3]));
    for (j, kind) in [
        (4, "survival"),
        (5, "survival interval"),
        (6, "survival interval"),
    ] {
        a.field(
            kind,
            at,
            (&row[j], &r[j]),
            Rule::Absolute(SURVIVAL_ABSOLUTE),
        );
    }
}

#[cfg(test)]
#[path = "agree_tests.rs"]
mod tests;
