//! Head-frame motion files: what `feel predict --motion` reads and
//! `--motion-out` writes.
//!
//! ```text
//! t_s,wx,wy,wz,fx,fy,fz
//! 0,0,0,0.5,0,0,9.81
//! 0.01,0,0,0.5,0.2,0,9.81
//! ```
//!
//! One row a step at a constant step: `t_s` in seconds; the angular
//! velocity `wx, wy, wz` in rad/s, right-handed; the gravito-inertial
//! force `f = g + a` in m/s^2, `(0, 0, 9.81)` at rest; all in the head
//! frame (x forward, y left, z up). A row's input drives the step from its
//! `t_s` to the next.

use super::model::Motion;
use crate::files::{cap, ReadError};
use crate::located::{Located, Place};
use crate::short::Short;
use std::fmt::Write as _;
use std::path::Path;

/// The header line, exactly.
pub const HEADER: &str = "t_s,wx,wy,wz,fx,fy,fz";

/// The shortest step a file may have, seconds (the settling alone is
/// 1.8 million steps at it).
pub const MIN_STEP_S: f64 = 0.001;

/// The longest step a file may have, seconds: explicit Euler with the
/// model's 2 s lags wants steps well below them.
pub const MAX_STEP_S: f64 = 0.1;

/// How far a row's time may stray from the constant step, as a share of
/// the step: rounding in the written times, never a dropped or doubled
/// row.
pub const STEP_TOLERANCE: f64 = 1e-3;

/// The most rows a file may have: a day at 100 Hz would be 8.6 million,
/// so this is about 5.5 hours at 100 Hz (and bounds the memory a file of
/// short rows under [`cap::MOTION`] could take).
pub const MAX_ROWS: usize = 2_000_000;

/// A motion file read: a constant step and one input a row.
#[derive(Clone, Debug, PartialEq)]
pub struct MotionFile {
    /// The step, seconds: the span from the first row's time to the last's
    /// over the number of steps between them.
    pub dt: f64,
    /// Each row's time, seconds, as written.
    pub t_s: Vec<f64>,
    /// Each row's input.
    pub inputs: Vec<Motion>,
}

/// A fault in a motion file, with its place.
pub type MotionError = Located<MotionFault>;

/// What is wrong with a motion file.
#[derive(Debug, thiserror::Error)]
pub enum MotionFault {
    /// The file cannot be read as text.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The first line is not [`HEADER`].
    #[error("the header is `{0}`; a motion file starts with `{HEADER}`")]
    Header(String),
    /// A row with another number of fields.
    #[error("{0} fields; a row has 7 ({HEADER})")]
    Fields(usize),
    /// A field that is not a finite number.
    #[error("`{text}` in column {name} is not a finite number")]
    Number {
        /// The field as written.
        text: String,
        /// The column's name.
        name: &'static str,
    },
    /// A number past the most its column takes ([`LIMITS`]).
    #[error("{value} in column {name} is past the most it takes, {limit} either way")]
    OutOfRange {
        /// The number, shown short (a hostile `1e300` as `1e300`).
        value: Short,
        /// The column's name.
        name: &'static str,
        /// The column's limit.
        limit: Short,
    },
    /// Fewer than two rows: no step to take.
    #[error("{0} rows; a motion file needs two or more (the step is read from the times)")]
    TooFewRows(usize),
    /// More than [`MAX_ROWS`] rows.
    #[error("more than {MAX_ROWS} rows")]
    TooManyRows,
    /// The step is outside [`MIN_STEP_S`]..=[`MAX_STEP_S`].
    #[error("the step is {0} s; it must be from {MIN_STEP_S} to {MAX_STEP_S} s")]
    StepRange(f64),
    /// A row off the constant step.
    #[error(
        "t_s is {found}, but a constant step of {dt} s from the first row puts this row at \
         {expected} (the step must be constant; write the times with enough digits)"
    )]
    Step {
        /// The time written.
        found: f64,
        /// The time the step puts this row at.
        expected: f64,
        /// The step, seconds.
        dt: f64,
    },
}

/// The column names in order.
const NAMES: [&str; 7] = ["t_s", "wx", "wy", "wz", "fx", "fy", "fz"];

impl MotionFile {
    /// Reads the motion file at `path`, at most [`cap::MOTION`] bytes.
    pub fn load(path: &Path) -> Result<Self, MotionError> {
        let text =
            crate::data::read_text(path, "motion file", cap::MOTION).map_err(Located::widen)?;
        Self::parse(&text, path)
    }

    /// Parses motion-file `text`; `file` only names it in errors.
    pub fn parse(text: &str, file: &Path) -> Result<Self, MotionError> {
        let at = |line: usize, col: usize, fault| Located::new(file, Place::text(line, col), fault);
        let mut lines = text.lines().enumerate();
        let header = lines.next().map_or("", |(_, l)| l.trim_end_matches('\r'));
        if header != HEADER {
            return Err(at(
                1,
                1,
                MotionFault::Header(header.chars().take(QUOTED_CHARS).collect()),
            ));
        }
        let mut t_s = Vec::new();
        let mut inputs = Vec::new();
        let mut lines_of = Vec::new();
        for (i, raw) in lines {
            let line = i + 1;
            let row = raw.trim_end_matches('\r');
            if row.trim().is_empty() {
                continue;
            }
            if t_s.len() == MAX_ROWS {
                return Err(at(line, 1, MotionFault::TooManyRows));
            }
            let v = parse_row(row).map_err(|(col, fault)| at(line, col, fault))?;
            t_s.push(v[0]);
            inputs.push(Motion {
                omega: [v[1], v[2], v[3]],
                f: [v[4], v[5], v[6]],
            });
            lines_of.push(line);
        }
        let n = t_s.len();
        if n < 2 {
            let line = text.lines().count().max(1);
            return Err(at(line, 1, MotionFault::TooFewRows(n)));
        }
        let dt = (t_s[n - 1] - t_s[0]) / (n - 1) as f64;
        if !(MIN_STEP_S..=MAX_STEP_S).contains(&dt) {
            return Err(at(lines_of[1], 1, MotionFault::StepRange(dt)));
        }
        for (k, (&found, &line)) in t_s.iter().zip(&lines_of).enumerate() {
            let expected = t_s[0] + k as f64 * dt;
            if (found - expected).abs() > STEP_TOLERANCE * dt {
                return Err(at(
                    line,
                    1,
                    MotionFault::Step {
                        found,
                        expected,
                        dt,
                    },
                ));
            }
        }
        Ok(Self { dt, t_s, inputs })
    }
}

/// The most each column takes either way: a day of time, 1000 rad/s of
/// turn and 100,000 m/s^2 of specific force. Both are far past any head's
/// but leave room for a game's impulses (a run's instant stop from 100
/// m/s in one tick of 1/120 s is 12,000 m/s^2); past them the model's
/// sums head for infinity and would print NaN rather than a located
/// fault.
pub const LIMITS: [f64; 7] = [86_400.0, 1e3, 1e3, 1e3, 1e5, 1e5, 1e5];

/// The most of a field quoted back in a fault.
const QUOTED_CHARS: usize = 40;

/// The seven numbers of a row, or the column (from 1) of the first fault.
fn parse_row(row: &str) -> Result<[f64; 7], (usize, MotionFault)> {
    let fields = row.split(',').count();
    if fields != 7 {
        return Err((1, MotionFault::Fields(fields)));
    }
    let mut values = [0.0; 7];
    let mut start = 0;
    for (i, field) in row.split(',').enumerate() {
        let col = row[..start].chars().count() + 1;
        let text = field.trim();
        values[i] = text
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| {
                let fault = MotionFault::Number {
                    text: text.chars().take(QUOTED_CHARS).collect(),
                    name: NAMES[i],
                };
                (col, fault)
            })?;
        if values[i].abs() > LIMITS[i] {
            let fault = MotionFault::OutOfRange {
                value: Short(values[i]),
                name: NAMES[i],
                limit: Short(LIMITS[i]),
            };
            return Err((col, fault));
        }
        start += field.len() + 1;
    }
    Ok(values)
}

/// Appends one row: `t_s` and `motion`, each number in Rust's shortest
/// form that reads back to the same f64.
pub fn write_row(out: &mut String, t_s: f64, motion: &Motion) {
    let [wx, wy, wz] = motion.omega;
    let [fx, fy, fz] = motion.f;
    // Writing to a String cannot fail.
    let _ = writeln!(out, "{t_s},{wx},{wy},{wz},{fx},{fy},{fz}");
}

#[cfg(test)]
#[path = "motion_tests.rs"]
mod tests;
