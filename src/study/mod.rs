//! Feel studies: sessions with people (or simulated participants) who
//! play conditions of the game and say how they feel, joined to the
//! measurements of what they played.
//!
//! - [`protocol`]: the study protocol file, read and checked.
//! - [`check`]: what a protocol's conditions differ in, setting by
//!   setting, and the differences its declared factors do not cover.
//! - [`report`]: a results folder analysed: summary table, report, plots.
//! - [`plot`]: the report's plots (FMS over time, alone and with a
//!   model's line per condition; the share still playing; SSQ change; a
//!   metric against the peak FMS).
//! - [`latin`]: the order of conditions for each participant (Williams).
//! - [`results`]: the session's files, each answer appended and synced.
//! - [`run`]: a session with its files, cueing whoever runs the world.
//! - [`predict`]: the SVC model's prediction of a condition's run.
//! - [`power`]: `study power`, the power of a study simulated from a
//!   pilot's report (its `design.toml` and chosen model).
//! - [`simulate`]: a simulated participant, headless: with files and
//!   recordings, or quick (the session alone) for known-answer tests.
//! - [`screen`]: what the participant sees at each step, as a text panel.
//! - [`screens`]: those screens drawn headless to PNGs, with their words.
//! - [`session`]: a session's steps as a state machine, time passed in.
//! - [`start`]: a new session made ready (the CLI and the title menu).
//! - [`ssq`]: the Simulator Sickness Questionnaire and its scoring.
//! - [`mssq`]: the MSSQ-short (susceptibility) and its scoring.
//! - [`demographics`]: the standard demographic items and their answers.
//! - [`scales`]: the in-play scales, the FMS and the MISC.
//! - The statistics themselves are the layer below, [`crate::stats`].
//! - [`rscript`]: `analysis.R`, the models refitted by R, and the CSV
//!   formats both write for comparison.
//! - [`agree`]: a report's numbers compared with R's, within stated
//!   tolerances.

pub mod agree;
pub mod check;
pub mod demographics;
pub mod latin;
pub mod mssq;
pub mod plot;
pub mod power;
pub mod predict;
pub mod protocol;
pub mod report;
pub mod results;
pub mod rscript;
pub mod run;
pub mod scales;
pub mod screen;
pub mod screens;
pub mod session;
pub mod simulate;
pub mod ssq;
pub mod start;
