//! `trace`: the simulation run headless on a script or a recording,
//! printed as CSV.

use crate::script::Script;
use crate::sim::angle::wrap_positive;
use crate::sim::{Controls, Model, PolarState, World, TICK_DT, TICK_RATE};
use std::io::{self, Write};

/// The CSV header of a walking trace.
pub const HEADER: &str =
    "tick,t,x,y,speed,speed_angle,angular_velocity,acceleration,accel_angle,wish_heading,camera_yaw";

/// The CSV header of the enemies' trace (`trace --actors`).
pub const ACTOR_HEADER: &str = "tick,id,kind,x,y,heading,track_left,track_right,half_width";

/// One row per enemy of the world's state now: ids number the walkers from
/// 0, then the tanks. A tank's track speeds (tiles per second) are the
/// ones that moved it in the tick that ended here, so each row follows the
/// exact arc from the row before; a walker's are empty.
pub fn write_actor_rows(world: &World, out: &mut impl Write) -> io::Result<()> {
    let tick = world.tick();
    let actors = &world.actors;
    for (id, w) in actors.walkers.iter().enumerate() {
        writeln!(out, "{tick},{id},walker,{},{},{},,,", w.x, w.y, w.heading)?;
    }
    let first = actors.walkers.len();
    for (i, t) in actors.tanks.iter().enumerate() {
        let (l, r) = t.used;
        writeln!(
            out,
            "{tick},{},tank,{},{},{},{l},{r},{}",
            first + i,
            t.x,
            t.y,
            t.heading,
            t.half_width
        )?;
    }
    Ok(())
}

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
    run_ticks(world, script.ticks(), out, None)
}

/// Runs `ticks` (a script's or a recording's controls) on `world`, writing
/// what [`run`] writes; with `actors`, also the header and the rows of
/// [`write_actor_rows`] at the start and after each tick.
pub fn run_ticks(
    world: &mut World,
    ticks: impl IntoIterator<Item = Controls>,
    out: &mut impl Write,
    mut actors: Option<&mut dyn Write>,
) -> io::Result<()> {
    write_tunables(world, out)?;
    writeln!(out, "{HEADER}")?;
    write_row(world, out)?;
    if let Some(a) = actors.as_mut() {
        writeln!(a, "{ACTOR_HEADER}")?;
        write_actor_rows(world, a)?;
    }
    for controls in ticks {
        world.step(&controls);
        write_row(world, out)?;
        if let Some(a) = actors.as_mut() {
            write_actor_rows(world, a)?;
        }
    }
    if let Some(a) = actors.as_mut() {
        a.flush()?;
    }
    out.flush()
}
