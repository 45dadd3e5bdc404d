//! wobblecaster: a Wolfenstein-style first-person game for feeling and
//! measuring unusual movement models.
//!
//! - [`angle`]: angles wrapped and blended, shared by the world, the maps and the feel tools.
//! - [`rng`]: the seeded random generator a world owns (and tests draw from).
//! - [`sim`]: the world, pure and deterministic at a fixed 120 Hz tick.
//! - [`render`]: a software raycaster from the world to an RGBA buffer.
//! - [`audio`]: the world's sound events heard from the camera, mixed to stereo samples.
//! - [`map`], [`texture`] and [`sprites`]: input parsed at the edge, with located errors.
//! - [`files`]: text read with the place of a bad byte; outputs written whole, never over a file.
//! - [`script`] and [`trace`]: headless runs on scripted input.
//! - [`record`]: recordings of every tick's controls, and their replay.
//! - [`bench`](mod@bench): frame and tick timings.
//! - [`names`]: edit distance for the parsers' "did you mean" hints.
//! - [`short`]: numbers shown short: in messages, whatever a file held, and in tables.
//! - [`quantile`]: R's type 7 quantile, the one rule of every quantile.
//! - [`stats`]: mixed models, survival and rank tests, knowing nothing of studies or the game.
//! - [`feel`]: feel and motion-sickness metrics of a camera trajectory.
//! - [`settings`]: the settings file (video, tunables, input, bindings), with located errors.
//! - [`data`]: where the shipped maps, maneuvers and art are found.
//! - [`cli`]: the commands, one module each; `main.rs` only calls [`cli::run`].
//! - [`snapshot`]: a state visited field by field, to save it or read it back.
//! - [`allocator`]: the binaries' allocator, large blocks (the frame) on cache lines.
//! - `app` (feature `window`, on by default): the window, the only module
//!   that touches the platform.

pub mod allocator;
pub mod angle;
#[cfg(feature = "window")]
pub mod app;
pub mod audio;
pub mod bench;
pub mod calendar;
pub mod cli;
pub mod data;
pub mod feel;
pub mod files;
pub mod located;
pub mod lsl;
pub mod map;
pub mod menu;
pub mod names;
pub mod quantile;
pub mod record;
pub mod render;
pub mod rng;
pub mod save;
pub mod script;
pub mod settings;
pub mod short;
pub mod sim;
pub mod snapshot;
pub mod sprites;
pub mod stats;
pub mod study;
pub mod texture;
pub mod trace;
