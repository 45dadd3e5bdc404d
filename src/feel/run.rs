//! Runs controls through the world headless and samples the camera each
//! tick: the trajectory every metric is computed from, for every model alike.

use super::{Sample, Trajectory};
use crate::sim::{Controls, World, TICK_DT};

/// The camera's state now, as the metrics see it.
pub fn sample(world: &World) -> Sample {
    let c = world.camera();
    Sample {
        x: c.x,
        y: c.y,
        z: c.z,
        yaw: c.yaw,
        wish_heading: world.player().heading,
    }
}

/// Steps `world` through `controls`, one tick each, and returns the camera
/// trajectory: the initial sample, then one after every tick.
pub fn run(world: &mut World, controls: impl IntoIterator<Item = Controls>) -> Trajectory {
    let mut samples = vec![sample(world)];
    for c in controls {
        world.step(&c);
        samples.push(sample(world));
    }
    Trajectory {
        dt: TICK_DT,
        samples,
    }
}
