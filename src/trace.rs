//! `trace`: the simulation run headless on a script, printed as CSV.

use crate::script::Script;
use crate::sim::{World, TICK_DT, TICK_RATE};
use std::io::{self, Write};

/// The CSV header of a walking trace.
pub const HEADER: &str =
    "tick,t,x,y,speed,speed_angle,angular_velocity,acceleration,accel_angle,wish_heading,camera_yaw";

/// Writes the `# key=value` lines: tick rate and every tunable in force.
pub fn write_tunables(world: &World, out: &mut impl Write) -> io::Result<()> {
    let t = &world.tunables;
    let p = &t.polar;
    writeln!(out, "# model=polar")?;
    writeln!(out, "# map={}", world.map.name)?;
    writeln!(out, "# tick_rate={TICK_RATE}")?;
    writeln!(out, "# dt={TICK_DT}")?;
    writeln!(out, "# max_speed={}", p.max_speed)?;
    writeln!(out, "# acceleration_gain={}", p.acceleration_gain)?;
    writeln!(out, "# turn_rate={}", p.turn_rate)?;
    writeln!(out, "# heading_speed={}", t.heading_speed)?;
    writeln!(out, "# coast={}", p.coast.name())?;
    writeln!(out, "# coast_brake={}", p.coast_brake)?;
    writeln!(out, "# player_radius={}", t.player_radius)?;
    writeln!(out, "# coupling={}", t.coupling.name())?;
    Ok(())
}

/// One CSV row of the world's state now. Floats print in their shortest
/// exact form, so the numbers read back bit for bit.
pub fn write_row(world: &World, out: &mut impl Write) -> io::Result<()> {
    let p = &world.player;
    let b = &p.body;
    let i = &p.last_input;
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
    write_tunables(world, out)?;
    writeln!(out, "{HEADER}")?;
    write_row(world, out)?;
    for controls in script.ticks() {
        world.step(&controls);
        write_row(world, out)?;
    }
    out.flush()
}
