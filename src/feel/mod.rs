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
//! - [`sweep`]: one run measured over a grid of tunable values on every
//!   core, written up as `sweep.csv` and a plot per measure; [`spin`]:
//!   the spin study's grid of spin rate x release action.
//! - [`bot`] and [`course`]: a map's course driven by a bot with a
//!   person's keys and reaction time, and the course's figures;
//!   [`fight`]: the bot's optional fight (turn onto the nearest enemy in
//!   sight and fire), for drivers that play levels with enemies in.
//! - [`flight`]: the flight maneuvers flown on the hangar, the flown view
//!   sampled as the renderer is given it, and `feel compare`'s flight
//!   section (horizon tilting or level x stabilising jets on or off),
//!   written up by [`flight_report`] with a plot each.
//! - [`svc`]: predicted sickness, the 6DoF subjective-vertical-conflict
//!   model (IN1) run on a head-frame motion file or on a run's camera,
//!   read as the body's motion or, a hypothesis, as what is seen
//!   ([`svc::visual`]); [`predicted`]: `feel compare`'s section of it.

pub mod bot;
pub mod comfort;
pub mod compare;
pub mod course;
pub mod fight;
pub mod flight;
mod flight_plot;
pub mod flight_report;
pub mod folder;
mod format;
pub mod maneuver_files;
pub mod maneuvers;
mod metrics;
pub mod plot;
pub mod predicted;
mod predicted_plot;
pub mod report;
mod results;
pub mod run;
mod series;
mod spectrum;
pub mod spin;
mod steps;
pub mod svc;
pub mod sweep;
mod sweep_plot;
mod sweep_table;
pub mod wf;

pub use format::{format_csv, format_table, CSV_HEADER};
pub use metrics::{
    compute, compute_flight, flight_names, names, FlownSample, FlownTrajectory, LandingCue, Metric,
    Sample, Scale, Trajectory, CUT_DEG_PER_TICK, DEFAULT_FOV_DEG, DEFAULT_METRES_PER_TILE,
    INNER_DEG, MAX_DEPTH, MIN_BAND_RUN_S, MIN_SAMPLES,
};
pub use steps::{MIN_HOLD_S, MIN_STEP_DEG, SETTLE_BAND_DEG};
