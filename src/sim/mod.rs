//! The world: pure and deterministic. A fixed tick, a seeded generator
//! owned by the world, and one [`Controls`] value read per tick; no clock,
//! no globals, no platform.

pub mod actors;
pub mod classic;
pub mod collision;
pub mod combat;
pub mod comfort;
mod controls;
pub mod course_run;
pub mod difficulty;
pub mod doors;
pub mod flight;
pub mod flow;
pub mod jets;
pub mod loot;
mod model;
pub mod particles;
mod player;
pub mod polar;
pub mod quake;
pub mod reach;
pub mod seen;
pub mod sheet;
pub mod sound;
pub mod spatial;
pub mod steer;
pub mod tally;
pub mod tracks;
pub mod tunable_table;
pub mod weapons;
mod world;

pub use crate::rng::Rng;
pub use controls::{Controls, Request, MAX_LOOK};
pub use course_run::CourseRun;
pub use difficulty::Difficulty;
pub use model::Model;
pub use player::Player;
pub use polar::{PolarInput, PolarState, PolarTunables};
pub use tally::Tally;
pub use tunable_table::TunableError;
pub use weapons::{Arms, Select};
pub use world::{
    Applied, Change, Coupling, Pose, Scenario, Tunables, World, DEAD_EYE_HEIGHT, EYE_HEIGHT,
    PUSH_WALL_SPEED, TICK_DT, TICK_RATE,
};
