//! `trace`: the simulation run headless on a script or a recording,
//! printed as CSV.

use crate::script::Script;
use crate::sim::angle::wrap_positive;
use crate::sim::{Controls, Model, PolarState, World, TICK_DT, TICK_RATE};
use std::io::{self, Write};

/// The CSV header of a walking trace.
pub const HEADER: &str =
    "tick,t,x,y,speed,speed_angle,angular_velocity,acceleration,accel_angle,wish_heading,camera_yaw";

/// Writes the `# key=value` lines: the map, the tick rate and every
/// tunable in force.
pub fn write_tunables(world: &World, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "# map={}", world.map.name)?;
    writeln!(out, "# tick_rate={TICK_RATE}")?;
    writeln!(out, "# dt={TICK_DT}")?;
    for (key, value) in world.tunables.to_pairs() {
        writeln!(out, "# {key}={value}")?;
    }
    Ok(())
}

/// One CSV row of the world's state now. Floats print in their shortest
/// exact form, so the numbers read back bit for bit. With the classic and
/// quake models, speed and speed_angle describe the velocity, angular
/// velocity is 0, and acceleration and accel_angle are the movement wish.
pub fn write_row(world: &World, out: &mut impl Write) -> io::Result<()> {
    let p = &world.player;
    let i = &p.last_input;
    // Other models than polar have no polar state: their velocity in polar
    // form, with no angular velocity of its own.
    let b = match world.tunables.model {
        Model::Polar => p.body,
        _ => PolarState {
            speed: p.speed(),
            speed_angle: wrap_positive(p.velocity[1].atan2(p.velocity[0])),
            angular_velocity: 0.0,
        },
    };
    writeln!(
        out,
        "{},{},{},{},{},{},{},{},{},{},{}",
        world.tick(),
        world.time(),
        p.x,
        p.y,
        b.speed,
        b.speed_angle,
        b.angular_velocity,
        i.acceleration,
        i.angle,
        p.heading,
        world.camera().yaw
    )
}

/// Runs `script` on `world`, writing the tunables, the header, row 0 (the
/// initial state, acceleration 0 and accel_angle the start heading) and one
/// row after each tick.
pub fn run(world: &mut World, script: &Script, out: &mut impl Write) -> io::Result<()> {
    run_ticks(world, script.ticks(), out)
}

/// Runs `ticks` (a script's or a recording's controls) on `world`, writing
/// what [`run`] writes.
pub fn run_ticks(
    world: &mut World,
    ticks: impl IntoIterator<Item = Controls>,
    out: &mut impl Write,
) -> io::Result<()> {
    write_tunables(world, out)?;
    writeln!(out, "{HEADER}")?;
    write_row(world, out)?;
    for controls in ticks {
        world.step(&controls);
        write_row(world, out)?;
    }
    out.flush()
}
