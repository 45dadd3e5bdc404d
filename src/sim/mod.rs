//! The world: pure and deterministic. A fixed tick, a seeded generator
//! owned by the world, and one [`Controls`] value read per tick; no clock,
//! no globals, no platform.

pub mod angle;
pub mod collision;
mod controls;
mod player;
pub mod polar;
mod rng;
mod world;

pub use controls::Controls;
pub use player::Player;
pub use polar::{PolarInput, PolarState, PolarTunables};
pub use rng::Rng;
pub use world::{Coupling, Pose, Tunables, World, TICK_DT, TICK_RATE};
