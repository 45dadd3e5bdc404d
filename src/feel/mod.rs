//! The feel lab's measures: pure, deterministic metrics of a camera
//! trajectory sampled at a fixed tick, computed the same way for every
//! movement model from the trajectory alone.
//!
//! - `metrics`: the input types and [`compute`], the list of metrics.
//! - `spectrum`: a one-sided DFT at the low-frequency bins.
//! - `wf`: the ISO 2631-1 Wf weighting and the motion sickness dose value.
//! - `steps`: overshoot and settling after steps in the commanded heading.
//! - `format`: the metrics as an aligned table or CSV.
//! - [`run`]: controls through the world headless, sampled each tick.
//! - [`maneuvers`] and [`compare`]: the standard maneuvers run by every
//!   model and coupling, written up with [`plot`]s as a report.

pub mod compare;
mod format;
pub mod maneuvers;
mod metrics;
pub mod plot;
pub mod report;
pub mod run;
mod series;
mod spectrum;
mod steps;
pub mod wf;

pub use format::{format_csv, format_table, CSV_HEADER};
pub use metrics::{
    compute, names, Metric, Sample, Scale, Trajectory, CUT_DEG_PER_TICK, DEFAULT_FOV_DEG,
    DEFAULT_METRES_PER_TILE, INNER_DEG, MAX_DEPTH, MIN_BAND_RUN_S, MIN_SAMPLES,
};
pub use steps::{MIN_HOLD_S, MIN_STEP_DEG, SETTLE_BAND_DEG};
