//! What `study power` takes from a pilot's report folder besides
//! `design.toml`: the chosen model's estimates from `model.csv` (fixed
//! effects by R's term names and the variance components), which model
//! was chosen from `tests.csv`, and the rate of stopping by the
//! participant's own key from `stops.csv`.
//!
//! The model chosen follows the report's rule (issue 77, after Matuschek
//! et al. 2017): `M1_slope` when `tests.csv`'s `lrt_slope` has p below
//! [`SLOPE_ALPHA`], then `M1_ct` when `lrt_condition_time` has p below
//! [`INTERACTION_ALPHA`]; otherwise `M1`. A report written before the
//! slope models has neither row, and its `M1` is the model.
//!
//! The own-key stops are a constant hazard per minute played: the stops
//! by the participant's key over all the minutes played (a play ended by
//! the stop rule or completed is censored at its end), the maximum
//! likelihood estimate of an exponential time to stop.

use crate::files::ReadError;
use crate::located::{Located, Place};
use crate::study::rscript::{self, GROUP_VARIANCE, RESIDUAL_VARIANCE};
use std::path::Path;

/// The p below which the random slope for time is kept.
pub const SLOPE_ALPHA: f64 = 0.2;
/// The p below which the condition-by-time interaction is kept.
pub const INTERACTION_ALPHA: f64 = 0.05;
/// The term of the random slope's variance.
pub const SLOPE_VARIANCE: &str = "var_t_min";
/// The term of the random intercept's and slope's correlation.
pub const SLOPE_CORRELATION: &str = "cor_participant_t_min";
/// `tests.csv`'s row of the random slope's test.
pub const SLOPE_TEST: &str = "lrt_slope";
/// `tests.csv`'s row of the condition-by-time interaction's test.
pub const INTERACTION_TEST: &str = "lrt_condition_time";
/// The report's table of plays and how each ended.
pub const STOPS_FILE: &str = "stops.csv";
/// The end reason of a stop by the participant's own key.
const OWN_KEY: &str = "participant";

/// The pilot's chosen model and stops.
#[derive(Clone, Debug, PartialEq)]
pub struct Pilot {
    /// The chosen model's name (`M1`, `M1_slope`, `M1_ct`).
    pub model: String,
    /// Its fixed effects: R's term name and the estimate.
    pub fixed: Vec<(String, f64)>,
    /// The random intercept's variance, rating units squared.
    pub var_participant: f64,
    /// The random slope's variance, (rating units per minute) squared; 0
    /// without a slope.
    pub var_t_min: f64,
    /// The random intercept's and slope's correlation; 0 without a slope.
    pub cor_participant_t_min: f64,
    /// The residual variance, rating units squared.
    pub var_residual: f64,
    /// Plays in `stops.csv`.
    pub plays: usize,
    /// Participants in `stops.csv`.
    pub participants: usize,
    /// Plays ended by the participant's own key.
    pub own_stops: usize,
    /// Minutes played, over every play.
    pub minutes: f64,
}

impl Pilot {
    /// Own-key stops per minute played (0 with no minutes played).
    pub fn own_stop_rate(&self) -> f64 {
        match self.minutes > 0.0 {
            true => self.own_stops as f64 / self.minutes,
            false => 0.0,
        }
    }

    /// The estimate of fixed effect `term`, if the model has it.
    pub fn effect(&self, term: &str) -> Option<f64> {
        self.fixed.iter().find(|(t, _)| t == term).map(|(_, v)| *v)
    }
}

/// What is wrong in a pilot's table.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PilotFault {
    /// The header is not the report's.
    #[error("the header must be `{0}`")]
    Header(&'static str),
    /// A row without the header's fields.
    #[error("a row must have {0} fields")]
    Fields(usize),
    /// A field that is not a number or out of range.
    #[error("`{field}` must be {want}")]
    Invalid {
        /// The column.
        field: &'static str,
        /// What it must be.
        want: &'static str,
    },
    /// The chosen model has no rows, or lacks a variance.
    #[error("no `{what}` row of model {model} (the model tests.csv chooses)")]
    MissingRow {
        /// The model.
        model: String,
        /// The term missing.
        what: String,
    },
    /// More rows than a report writes.
    #[error("more than {0} rows")]
    TooManyRows(usize),
}

/// Why a pilot could not be read.
#[derive(Debug, thiserror::Error)]
pub enum PilotError {
    /// A file that cannot be read.
    #[error(transparent)]
    Read(#[from] Located<ReadError>),
    /// A file's content, placed.
    #[error(transparent)]
    Fault(#[from] Located<PilotFault>),
}

/// The most rows read of a pilot's table.
const MAX_ROWS: usize = 1_000_000;

/// Reads the pilot of the report folder `dir`.
pub fn read(dir: &Path) -> Result<Pilot, PilotError> {
    let load = |name: &str| {
        let path = dir.join(name);
        let text = crate::files::read_text(&path, "study table", crate::files::cap::STUDY_TABLE)?;
        Ok::<_, PilotError>((path, text))
    };
    let (tests_path, tests) = load(rscript::TESTS_FILE)?;
    let model = chosen(&tests, &tests_path)?;
    let (model_path, model_text) = load(rscript::MODEL_FILE)?;
    let mut pilot = estimates(&model_text, &model_path, &model)?;
    let (stops_path, stops) = load(STOPS_FILE)?;
    stops_into(&mut pilot, &stops, &stops_path)?;
    Ok(pilot)
}

/// The rows of `text` (a CSV with `header`) split into fields, with their
/// line numbers.
fn rows<'t>(
    text: &'t str,
    file: &Path,
    header: &'static str,
) -> Result<Vec<(usize, Vec<&'t str>)>, Located<PilotFault>> {
    let mut lines = text.lines().enumerate();
    let width = header.split(',').count();
    match lines.next() {
        Some((_, h)) if h.trim_end() == header => {}
        _ => {
            return Err(Located::new(
                file,
                Place::text(1, 1),
                PilotFault::Header(header),
            ));
        }
    }
    let mut out = Vec::new();
    for (i, line) in lines.filter(|(_, l)| !l.trim().is_empty()) {
        if out.len() == MAX_ROWS {
            return Err(Located::new(
                file,
                Place::text(i + 1, 1),
                PilotFault::TooManyRows(MAX_ROWS),
            ));
        }
        let fields: Vec<&str> = line.trim_end().split(',').collect();
        if fields.len() != width {
            return Err(Located::new(
                file,
                Place::text(i + 1, 1),
                PilotFault::Fields(width),
            ));
        }
        out.push((i + 1, fields));
    }
    Ok(out)
}

/// The column (from 1) of field `index` of `fields`.
fn column(fields: &[&str], index: usize) -> usize {
    1 + fields[..index]
        .iter()
        .map(|f| f.chars().count() + 1)
        .sum::<usize>()
}

/// Field `index` of a row at `line` as a finite number.
fn number(
    file: &Path,
    (line, fields): &(usize, Vec<&str>),
    index: usize,
    field: &'static str,
) -> Result<f64, Located<PilotFault>> {
    match fields[index].parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(Located::new(
            file,
            Place::text(*line, column(fields, index)),
            PilotFault::Invalid {
                field,
                want: "a finite number",
            },
        )),
    }
}

/// The model `tests.csv` says was chosen.
fn chosen(text: &str, file: &Path) -> Result<String, Located<PilotFault>> {
    let rows = rows(text, file, rscript::TESTS_HEADER)?;
    let p_of = |name: &str| -> Result<Option<f64>, Located<PilotFault>> {
        match rows.iter().find(|(_, f)| f[0] == name) {
            Some(row) => number(file, row, 3, "p").map(Some),
            None => Ok(None),
        }
    };
    let slope = p_of(SLOPE_TEST)?.is_some_and(|p| p < SLOPE_ALPHA);
    let interaction = p_of(INTERACTION_TEST)?.is_some_and(|p| p < INTERACTION_ALPHA);
    Ok(match (slope, interaction) {
        (false, _) => "M1",
        (true, false) => "M1_slope",
        (true, true) => "M1_ct",
    }
    .to_string())
}

/// The estimates of `model` in `model.csv`'s `text`.
fn estimates(text: &str, file: &Path, model: &str) -> Result<Pilot, Located<PilotFault>> {
    let rows = rows(text, file, rscript::MODEL_HEADER)?;
    let mut fixed = Vec::new();
    let (mut var_participant, mut var_residual) = (None, None);
    let (mut var_t_min, mut cor) = (0.0, 0.0);
    for row in rows.iter().filter(|(_, f)| f[0] == model) {
        let estimate = number(file, row, 2, "estimate")?;
        let at = Place::text(row.0, column(&row.1, 2));
        let variance = |v: f64| match v >= 0.0 {
            true => Ok(v),
            false => Err(Located::new(
                file,
                at,
                PilotFault::Invalid {
                    field: "estimate",
                    want: "a variance of 0 or more",
                },
            )),
        };
        match row.1[1] {
            GROUP_VARIANCE => var_participant = Some(variance(estimate)?),
            RESIDUAL_VARIANCE => var_residual = Some(variance(estimate)?),
            SLOPE_VARIANCE => var_t_min = variance(estimate)?,
            SLOPE_CORRELATION if (-1.0..=1.0).contains(&estimate) => cor = estimate,
            SLOPE_CORRELATION => {
                return Err(Located::new(
                    file,
                    at,
                    PilotFault::Invalid {
                        field: "estimate",
                        want: "a correlation from -1 to 1",
                    },
                ))
            }
            term => fixed.push((term.to_string(), estimate)),
        }
    }
    let missing = |what: &str| {
        Located::new(
            file,
            Place::File,
            PilotFault::MissingRow {
                model: model.to_string(),
                what: what.to_string(),
            },
        )
    };
    if fixed.is_empty() {
        return Err(missing(crate::stats::lmm::INTERCEPT));
    }
    Ok(Pilot {
        model: model.to_string(),
        fixed,
        var_participant: var_participant.ok_or_else(|| missing(GROUP_VARIANCE))?,
        var_t_min,
        cor_participant_t_min: cor,
        var_residual: var_residual.ok_or_else(|| missing(RESIDUAL_VARIANCE))?,
        plays: 0,
        participants: 0,
        own_stops: 0,
        minutes: 0.0,
    })
}

/// `stops.csv`'s plays, own-key stops and minutes into `pilot`.
fn stops_into(pilot: &mut Pilot, text: &str, file: &Path) -> Result<(), Located<PilotFault>> {
    let rows = rows(text, file, crate::study::report::long::STOPS_HEADER)?;
    let mut people: Vec<&str> = Vec::new();
    for row in &rows {
        let seconds = number(file, row, 4, "time_s")?;
        if seconds < 0.0 {
            let at = Place::text(row.0, column(&row.1, 4));
            let want = "seconds of 0 or more";
            let fault = PilotFault::Invalid {
                field: "time_s",
                want,
            };
            return Err(Located::new(file, at, fault));
        }
        pilot.minutes += seconds / 60.0;
        pilot.plays += 1;
        pilot.own_stops += usize::from(row.1[6] == OWN_KEY);
        people.push(row.1[0]);
    }
    people.sort_unstable();
    people.dedup();
    pilot.participants = people.len();
    Ok(())
}

#[cfg(test)]
#[path = "pilot_tests.rs"]
mod tests;
