//! What a sweep gives: its axes (the values each was swept over), its
//! measures, and every point of the grid with its values; what
//! `sweep.csv` and the plots are made from.

use crate::short::Short;

/// One value along an axis: the number (in the written unit, or the index
/// of a named value) and how tables and plots show it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tick {
    /// The value.
    pub value: f64,
    /// Its label: the number in shortest form, or the value's name.
    pub label: String,
}

/// One axis of a sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// Its name: the tunable's key, or what the values are.
    pub name: String,
    /// The unit of its values, as words ("" for none).
    pub unit: String,
    /// Its values, in sweep order.
    pub ticks: Vec<Tick>,
}

impl Axis {
    /// `name (unit)`, or the name alone.
    pub fn title(&self) -> String {
        match self.unit.is_empty() {
            true => self.name.clone(),
            false => format!("{} ({})", self.name, self.unit),
        }
    }

    /// True when the values are names, not numbers.
    pub fn is_named(&self) -> bool {
        self.ticks
            .iter()
            .any(|t| t.label != Short(t.value).to_string())
    }
}

/// A measured quantity: a column of `sweep.csv` and a plot.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// Its name.
    pub name: &'static str,
    /// Its unit.
    pub unit: &'static str,
}

/// A finished sweep: every point of the grid with its measures.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    /// The axes, the first varying slowest.
    pub axes: Vec<Axis>,
    /// The measures.
    pub columns: Vec<Column>,
    /// One row per point in grid order: the tick index on each axis, and
    /// each column's value (None where the run does not define it).
    pub rows: Vec<(Vec<usize>, Vec<Option<f64>>)>,
}
