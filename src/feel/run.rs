//! Runs controls through the world headless and samples the camera each
//! tick: the trajectory every metric is computed from, for every model alike.

use super::metrics::{INNER_DEG, MAX_DEPTH};
use super::{Sample, Trajectory};
use crate::map::raycast::cast;
use crate::sim::comfort::Aperture;
use crate::sim::{Controls, World, TICK_DT};

/// The camera's state now, as the metrics see it, after a tick driven by
/// `controls`; the depths along the rays at the edges of a view `fov_deg`
/// wide and at [`INNER_DEG`] either side.
pub fn sample(world: &World, controls: &Controls, fov_deg: f64) -> Sample {
    let c = world.camera();
    let fov = fov_deg.to_radians();
    let vignette = world.tunables().comfort.vignette;
    let aperture = Aperture::of(vignette, world.restriction(), fov);
    // Out to the half-brightness edge, or the frame's if that is nearer.
    let visible_reach = aperture.radius.min(1.0);
    let half = aperture.visible_fov(fov) / 2.0;
    let inner = INNER_DEG.to_radians();
    let depth = [-half, half, -inner, inner].map(|offset| {
        let (dy, dx) = (c.yaw + offset).sin_cos();
        cast(world.map(), c.x, c.y, dx, dy, MAX_DEPTH).map_or(MAX_DEPTH, |hit| hit.t.min(MAX_DEPTH))
    });
    Sample {
        x: c.x,
        y: c.y,
        z: c.z,
        yaw: c.yaw,
        wish_heading: world.player().heading,
        turning: controls.turn != 0.0 || controls.look != 0.0,
        push: [f64::from(controls.forward), f64::from(controls.right)],
        depth,
        visible_reach,
        snapped: world.view_snapped(),
    }
}

/// Steps `world` through `controls`, one tick each, and returns the camera
/// trajectory: the initial sample, then one after every tick, the depths
/// taken for a view `fov_deg` wide.
pub fn run(
    world: &mut World,
    controls: impl IntoIterator<Item = Controls>,
    fov_deg: f64,
) -> Trajectory {
    let mut samples = vec![sample(world, &Controls::default(), fov_deg)];
    for c in controls {
        world.step(&c);
        samples.push(sample(world, &c, fov_deg));
    }
    Trajectory {
        dt: TICK_DT,
        fov_deg,
        samples,
    }
}
