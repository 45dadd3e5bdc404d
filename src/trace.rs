//! `trace`: the simulation run headless on a script or a recording,
//! printed as CSV.

use crate::angle::wrap_positive;
use crate::map::Progress;
use crate::script::Script;
use crate::sim::{flight, Controls, Model, PolarState, Request, World, TICK_DT, TICK_RATE};
use std::io::{self, Write};

/// The CSV header of a walking trace.
pub const HEADER: &str = "tick,t,x,y,speed,speed_angle,angular_velocity,acceleration,\
                          accel_angle,wish_heading,camera_yaw,camera_x,camera_y,eye_z,forward,\
                          right,turn,look,depth_left,depth_right,depth_left30,depth_right30,\
                          visible_fov,snapped";

/// The CSV header of a trace that flies (a script or recording that
/// switches the jetpack on).
pub const FLIGHT_HEADER: &str = "tick,t,x,y,z,vx,vy,vz,pitch,direction,target_pitch,\
                                 target_direction,thrust,hover,fuel,spin_x,spin_y,spin_z,\
                                 wish_heading,camera_yaw,camera_x,camera_y,eye_z,forward,\
                                 right,turn,look,depth_left,depth_right,depth_left30,depth_right30,\
                                 visible_fov,snapped";

/// The field of view the depth columns are taken at, degrees: the game's
/// default (the `# fov=` line says so in every trace).
pub const FOV_DEG: f64 = crate::render::DEFAULT_FOV_DEG;

/// The CSV header of the enemies' trace (`trace --actors`).
pub const ACTOR_HEADER: &str = "tick,id,kind,x,y,heading,track_left,track_right,half_width";

/// One row per enemy of the world's state now: ids number the walkers from
/// 0, then the tanks. A tank's track speeds (tiles per second) are the
/// ones that moved it in the tick that ended here, so each row follows the
/// exact arc from the row before; a walker's are empty.
pub fn write_actor_rows(world: &World, out: &mut impl Write) -> io::Result<()> {
    let tick = world.tick();
    let actors = world.actors();
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
    writeln!(out, "# map={}", world.map().name)?;
    writeln!(out, "# tick_rate={TICK_RATE}")?;
    writeln!(out, "# dt={TICK_DT}")?;
    for (key, value) in world.tunables().to_pairs() {
        writeln!(out, "# {key}={value}")?;
    }
    Ok(())
}

/// Writes the `# key=value` lines of every flight constant: Lander's, and
/// what they come to per tick and per second at our tick rate.
pub fn write_flight_constants(world: &World, out: &mut impl Write) -> io::Result<()> {
    let t = &world.tunables().flight;
    let keep = t.keep_per_tick();
    let hover = t.thrust * t.hover_share;
    let (full, idle) = flight::LANDER_PARTICLES;
    let (base, extra) = flight::LANDER_LIFESPAN;
    let per_tick = flight::LANDER_TICKS_PER_TICK;
    let lines: [(&str, f64); 24] = [
        ("lander_rate_hz", flight::LANDER_RATE),
        ("lander_ticks_per_tick", per_tick),
        ("roof_tiles", flight::ROOF_TILES),
        ("friction_per_lander_tick", t.friction),
        ("friction_keep_per_tick", keep),
        ("friction_keep_per_second", keep.powf(f64::from(TICK_RATE))),
        ("thrust_tiles_per_s2", t.thrust),
        ("thrust_per_tick", t.thrust * TICK_DT),
        ("hover_tiles_per_s2", hover),
        ("hover_per_tick", hover * TICK_DT),
        ("gravity_tiles_per_s2", t.gravity),
        ("gravity_per_tick", t.gravity * TICK_DT),
        ("terminal_climb_tiles_per_s", t.terminal_climb(TICK_DT)),
        ("damping_per_tick", flight::damping_per_tick()),
        (
            "max_attitude_step_per_tick_rad",
            flight::max_attitude_step(),
        ),
        ("max_pitch_rad", t.max_pitch),
        ("exhaust_speed_tiles_per_s", flight::EXHAUST_SPEED),
        ("exhaust_spread_tiles_per_s", flight::EXHAUST_SPREAD),
        ("particles_full_per_tick", full * per_tick),
        ("particles_hover_per_tick", idle * per_tick),
        (
            "particle_life_min_ticks",
            (f64::from(base) / per_tick).round(),
        ),
        (
            "particle_life_max_ticks",
            (f64::from(base + extra - 1) / per_tick).round(),
        ),
        ("jet_spin_per_tick", t.jet_spin * TICK_DT),
        ("brake_per_tick", t.brake * TICK_DT),
    ];
    for (key, value) in lines {
        writeln!(out, "# flight_{key}={value}")?;
    }
    writeln!(
        out,
        "# flight_cutout_below_ceiling={}",
        flight::CUTOUT_BELOW_CEILING
    )?;
    writeln!(out, "# flight_ceiling={}", world.map().wall_height)
}

/// The end of every row: the camera as the feel metrics sample it after
/// the tick driven by `controls` (its position, eye height, the tick's
/// controls, the depths along the rays at the edges of the visible part
/// of a [`FOV_DEG`] view and 30 degrees either side, the field of view the
/// restrictor leaves visible and whether the view snapped), then the
/// line's end.
fn write_camera(world: &World, controls: &Controls, out: &mut impl Write) -> io::Result<()> {
    let s = crate::feel::run::sample(world, controls, FOV_DEG);
    let [l, r, l30, r30] = s.depth;
    let (forward, right) = (controls.forward, controls.right);
    let (turn, look) = (controls.turn, controls.look);
    let visible = 2.0 * s.visible_half(FOV_DEG).to_degrees();
    let snapped = u8::from(s.snapped);
    writeln!(
        out,
        ",{},{},{},{forward},{right},{turn},{look},{l},{r},{l30},{r30},{visible},{snapped}",
        s.x, s.y, s.z
    )
}

/// One CSV row of a flying trace: the player's state now (walking: at
/// altitude 0 with the attitude and spin at rest), after the tick driven
/// by `controls`.
pub fn write_flight_row(
    world: &World,
    controls: &Controls,
    out: &mut impl Write,
) -> io::Result<()> {
    let p = world.player();
    let b = |v: bool| u8::from(v);
    let (tick, time) = (world.tick(), world.time());
    let Some(f) = &p.flight else {
        let [vx, vy] = p.velocity;
        write!(
            out,
            "{tick},{time},{},{},0,{vx},{vy},0,0,0,0,0,0,0,{},0,0,0,{},{}",
            p.x,
            p.y,
            p.fuel,
            p.heading,
            world.camera().yaw
        )?;
        return write_camera(world, controls, out);
    };
    let [vx, vy, vz] = f.velocity;
    let [sx, sy, sz] = f.spin;
    write!(
        out,
        "{tick},{time},{},{},{},{vx},{vy},{vz},{},{},{},{},{},{},{},{sx},{sy},{sz},{},{}",
        p.x,
        p.y,
        f.z,
        f.pitch,
        f.direction,
        f.target_pitch,
        f.target_direction,
        b(f.thrust),
        b(f.hover),
        f.fuel,
        p.heading,
        world.camera().yaw
    )?;
    write_camera(world, controls, out)
}

/// One CSV row of the world's state now. Floats print in their shortest
/// exact form, so the numbers read back bit for bit. With the classic and
/// quake models, speed and speed_angle describe the velocity, angular
/// velocity is 0, and acceleration and accel_angle are the movement wish.
/// `controls` drove the tick that ended here.
pub fn write_row(world: &World, controls: &Controls, out: &mut impl Write) -> io::Result<()> {
    let p = world.player();
    let i = &p.last_input;
    // Other models than polar have no polar state: their velocity in polar
    // form, with no angular velocity of its own.
    let b = match world.tunables().model {
        Model::Polar => p.body,
        _ => PolarState {
            speed: p.speed(),
            speed_angle: wrap_positive(p.velocity[1].atan2(p.velocity[0])),
            angular_velocity: 0.0,
        },
    };
    write!(
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
    )?;
    write_camera(world, controls, out)
}

/// Runs `script` on `world`, writing the tunables, the header, row 0 (the
/// initial state, acceleration 0 and accel_angle the start heading) and one
/// row after each tick.
pub fn run(world: &mut World, script: &Script, out: &mut impl Write) -> io::Result<()> {
    run_ticks(world, script.ticks(), out, None)
}

/// Runs `ticks` (a script's or a recording's controls) on `world`, writing
/// what [`run`] writes; with `actors`, also the header and the rows of
/// [`write_actor_rows`] at the start and after each tick. On a map with a
/// course, a last line `# finish_tick=N` gives the tick the run passed the
/// finish (`# finish_tick=none` when it never did).
pub fn run_ticks(
    world: &mut World,
    ticks: impl IntoIterator<Item = Controls>,
    out: &mut impl Write,
    mut actors: Option<&mut dyn Write>,
) -> io::Result<()> {
    let ticks: Vec<Controls> = ticks.into_iter().collect();
    let flies =
        world.player().flight.is_some() || ticks.iter().any(|c| c.action == Some(Request::Jetpack));
    let row = if flies { write_flight_row } else { write_row };
    write_tunables(world, out)?;
    writeln!(out, "# fov={FOV_DEG}")?;
    if flies {
        write_flight_constants(world, out)?;
        writeln!(out, "{FLIGHT_HEADER}")?;
    } else {
        writeln!(out, "{HEADER}")?;
    }
    row(world, &Controls::default(), out)?;
    if let Some(a) = actors.as_mut() {
        writeln!(a, "{ACTOR_HEADER}")?;
        write_actor_rows(world, a)?;
    }
    let mut course = world.map().course.as_ref().map(Progress::new);
    for controls in ticks {
        world.step(&controls);
        if let Some(progress) = &mut course {
            let p = world.player();
            progress.update(world.tick(), [p.x, p.y]);
        }
        row(world, &controls, out)?;
        if let Some(a) = actors.as_mut() {
            write_actor_rows(world, a)?;
        }
    }
    if let Some(a) = actors.as_mut() {
        a.flush()?;
    }
    if let Some(progress) = course {
        match progress.finished() {
            Some(tick) => writeln!(out, "# finish_tick={tick}")?,
            None => writeln!(out, "# finish_tick=none")?,
        }
    }
    out.flush()
}
