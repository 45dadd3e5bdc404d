//! What `feel compare` finds and writes, and why it can fail: each
//! maneuver's runs and the course's, shared by the comparison that runs
//! them ([`super::compare`]) and the report that writes them up.

use super::course::CourseRun;
use super::maneuvers::{Maneuver, Variant};
use super::{Metric, Scale, Trajectory};
use crate::map;
use std::path::PathBuf;

/// One maneuver run by one variant.
pub struct Run {
    /// The model and coupling.
    pub variant: Variant,
    /// The camera trajectory.
    pub trajectory: Trajectory,
    /// Its metrics.
    pub metrics: Vec<Metric>,
    /// How fast its turn keys turn, degrees per second, walking and with
    /// the run key held.
    pub turn_deg_s: (f64, f64),
}

/// One maneuver's runs, one per variant.
pub struct ManeuverResult {
    /// The maneuver.
    pub maneuver: Maneuver,
    /// Its runs, in [`VARIANTS`](super::maneuvers::VARIANTS) order.
    pub runs: Vec<Run>,
    /// The tile-to-metre scale of its metrics and plot.
    pub scale: Scale,
}

/// The feel course driven by the bot with one variant.
pub struct CourseResult {
    /// The model and coupling.
    pub variant: Variant,
    /// The run: its figures, progress and trajectory.
    pub run: CourseRun,
    /// The feel metrics of its trajectory.
    pub metrics: Vec<Metric>,
}

/// The flight section's numbers, a file of the report.
pub const FLIGHT_CSV: &str = "flight.csv";

/// The map the bot drives in the comparison, a file in `maps/`.
pub const COURSE_MAP: &str = "feel_course.map";

/// Why the comparison could not be made or written.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    /// A maneuver script is missing or bad.
    #[error(transparent)]
    Script(#[from] crate::script::ScriptError),
    /// A maneuver's map is missing or bad.
    #[error(transparent)]
    Map(#[from] map::MapErrors),
    /// A map without a course, for the bot to drive.
    #[error(transparent)]
    Course(#[from] super::course::CourseError),
    /// The output folder has files in it and `--force` was not given.
    #[error("{0} is not empty; pass --force to write the report there anyway (only report.md, flight.csv and the plots are replaced)")]
    NotEmpty(PathBuf),
    /// Writing failed.
    #[error("{reason}")]
    Write {
        /// The file.
        path: PathBuf,
        /// What failed, naming the file.
        reason: String,
    },
}
