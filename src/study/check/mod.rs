//! What a protocol's conditions differ in, setting by setting, and which
//! of those differences its declared factors (`factors = [...]`) do not
//! cover: `study check` prints both, `study run` the warnings, and a
//! start in the window shows them to the experimenter (`briefing`).
//!
//! Every setting compared is the one in force: a model's own tunables
//! only under that model (`-` under the others, a difference that is the
//! model's own and so the `movement` factor's), head bob and view roll as
//! the camera makes them (each model's own amplitude times the switch
//! `bob_and_roll`), the sound as the condition plays it over the
//! participant's levels, and, on a map with a course, the mean and peak
//! speeds the feel lab's bot reaches there (`measured`), which differ when
//! the largest is more than [`SPEED_TOLERANCE`] above the smallest.

pub mod briefing;
mod measured;
mod rows;
#[cfg(test)]
mod tests;

pub use measured::{measure, Measured, SPEED_TOLERANCE};

use super::protocol::{Factor, Protocol};

/// The text of a setting not in force under a condition's model.
pub const NOT_IN_FORCE: &str = "-";
/// The most settings a warning names (the table lists them all).
const LISTED: usize = 4;

/// One compared setting across the conditions.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// What it is, with its unit.
    pub label: String,
    /// The factors a difference in its value belongs to.
    pub factors: &'static [Factor],
    /// Its value under each condition, in the protocol's order
    /// ([`NOT_IN_FORCE`] where the condition's model does not use it).
    pub values: Vec<String>,
    /// True when the values in force differ (by text, or for a measured
    /// row by more than its tolerance).
    pub differs: bool,
    /// True when it is in force under some conditions only: a difference
    /// of the walking model's.
    pub scoped: bool,
    /// True for a measure of a run (shown even where the conditions
    /// match, as the evidence that they do).
    pub measured: bool,
}

impl Row {
    /// A row of exact values: they differ when their texts do, leaving
    /// out the conditions it is not in force under.
    fn exact(label: String, factors: &'static [Factor], values: Vec<String>) -> Row {
        let mut in_force = values.iter().filter(|v| *v != NOT_IN_FORCE);
        let first = in_force.next();
        let differs = in_force.any(|v| Some(v) != first);
        let scoped = first.is_some() && values.iter().any(|v| v == NOT_IN_FORCE);
        Row {
            label,
            factors,
            values,
            differs,
            scoped,
            measured: false,
        }
    }

    /// True when the conditions show it differently at all.
    pub fn shows_a_difference(&self) -> bool {
        self.differs || self.scoped
    }

    /// The factors its difference belongs to: its own when the values in
    /// force differ, else the walking model's (it is in force under some
    /// models only).
    pub fn blamed(&self) -> &'static [Factor] {
        match self.differs {
            true => self.factors,
            false => &[Factor::Movement],
        }
    }
}

/// A protocol's conditions side by side.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The conditions' names, in the protocol's order.
    pub conditions: Vec<String>,
    /// Every compared setting, in a fixed order.
    pub rows: Vec<Row>,
    /// The factors the protocol declares.
    pub declared: Vec<Factor>,
    /// Why the speeds were not measured, if they were not (the map has no
    /// course).
    pub unmeasured: Option<String>,
}

impl Comparison {
    /// `protocol`'s conditions compared, with the speeds `measured` on its
    /// map's course (or why they were not).
    pub fn new(protocol: &Protocol, measured: Result<Measured, String>) -> Comparison {
        let mut rows = rows::settings(protocol);
        let unmeasured = match measured {
            Ok(m) => {
                rows.extend(m.rows());
                None
            }
            Err(why) => Some(why),
        };
        Comparison {
            conditions: protocol.conditions.iter().map(|c| c.name.clone()).collect(),
            rows,
            declared: protocol.factors.clone(),
            unmeasured,
        }
    }

    /// The rows whose values the conditions show differently.
    pub fn differing(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(|r| r.shows_a_difference())
    }

    /// True if a declared factor covers `row`'s difference.
    fn covered(&self, row: &Row) -> bool {
        row.blamed().iter().any(|f| self.declared.contains(f))
    }

    /// The warnings, one per factor not declared in which the conditions
    /// differ, naming the settings; none when every difference is a
    /// declared factor's.
    pub fn warnings(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        for factor in Factor::ALL {
            let mut labels: Vec<String> = self
                .differing()
                .filter(|r| !self.covered(r) && r.blamed().first() == Some(&factor))
                .map(|r| r.label.clone())
                .collect();
            if labels.is_empty() {
                continue;
            }
            if labels.len() > LISTED {
                let more = format!("and {} more", labels.len() - LISTED + 1);
                labels.truncate(LISTED - 1);
                labels.push(more);
            }
            let declared = match self.declared.is_empty() {
                true => "the protocol declares no `factors`".to_string(),
                false => format!(
                    "`factors` declares only {}",
                    names(&self.declared).join(", ")
                ),
            };
            warnings.push(format!(
                "warning: the conditions also differ in {} ({}), but {declared}: a \
                 difference no factor declares is a confound; make them the same, or add \
                 \"{}\" to `factors`",
                factor.name(),
                labels.join("; "),
                factor.name()
            ));
        }
        warnings
    }

    /// The differing settings and the measures as a table: a line of
    /// headings (the setting, each condition, the factor), then a line a
    /// setting, the columns padded to line up.
    pub fn table(&self) -> Vec<String> {
        let mut lines: Vec<Vec<String>> = Vec::new();
        let mut head = vec!["setting".to_string()];
        head.extend(self.conditions.iter().cloned());
        head.push("factor".to_string());
        lines.push(head);
        for row in self
            .rows
            .iter()
            .filter(|r| r.shows_a_difference() || r.measured)
        {
            let mut line = vec![row.label.clone()];
            line.extend(row.values.iter().cloned());
            let factor = row.blamed()[0].name();
            let note = match (row.shows_a_difference(), self.covered(row)) {
                (false, _) => format!(
                    "{}: the same within {:.0}%",
                    row.factors[0].name(),
                    SPEED_TOLERANCE * 100.0
                ),
                (true, true) => factor.to_string(),
                (true, false) => format!("{factor} (not declared)"),
            };
            line.push(note);
            lines.push(line);
        }
        let columns = self.conditions.len() + 2;
        let widths: Vec<usize> = (0..columns)
            .map(|i| {
                lines
                    .iter()
                    .map(|l| l[i].chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        lines
            .iter()
            .map(|l| {
                let cells: Vec<String> = l
                    .iter()
                    .zip(&widths)
                    .map(|(cell, w)| format!("{cell:<w$}"))
                    .collect();
                cells.join("  ").trim_end().to_string()
            })
            .collect()
    }
}

/// The names of `factors`.
fn names(factors: &[Factor]) -> Vec<&'static str> {
    factors.iter().map(|f| f.name()).collect()
}
