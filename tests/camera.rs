//! The camera checked against the model state, tick by tick: which way it
//! looks (the polar model's speed angle with the velocity coupling, the
//! heading otherwise and in flight), its height with Quake's head bob, its
//! flight pitch, and the renderer's blend between two ticks.
//!
//! Expected values come from the player's state and from formulas written
//! here (the heading integrated from the turn keys, Quake's `V_CalcBob`,
//! the flier's roof tilt), never from the camera itself.

use std::f64::consts::{PI, TAU};
use wobblecaster::map::Map;
use wobblecaster::sim::flight::EYE_ABOVE_FEET;
use wobblecaster::sim::{
    Controls, Coupling, Model, Pose, Request, Tunables, World, EYE_HEIGHT, TICK_RATE,
};

/// Angles (radians) closer than this count as the same direction.
const SAME: f64 = 1e-9;
/// Heading and direction of travel further apart than this (radians,
/// about 6 degrees) make a tick where looking along the wrong one shows.
const APART: f64 = 0.1;

/// A varied walk as stretches of held keys: (what it is, [forward, right,
/// turn] as keys give them, ticks held). Turning, strafing and reversing
/// pull the direction of travel away from the heading; the left turn
/// while coasting carries the heading back across 0.
const WALK: [(&str, [f32; 3], u32); 8] = [
    ("forward", [1.0, 0.0, 0.0], 90),
    ("forward, turning right", [1.0, 0.0, 1.0], 60),
    ("strafing right", [0.0, 1.0, 0.0], 60),
    ("reversing", [-1.0, 0.0, 0.0], 60),
    ("coasting", [0.0, 0.0, 0.0], 45),
    ("turning left while coasting", [0.0, 0.0, -1.0], 80),
    ("forward and strafing left", [1.0, -1.0, 0.0], 60),
    ("coasting again", [0.0, 0.0, 0.0], 60),
];

/// The signed shortest turn from angle `from` to angle `to`, radians in
/// [-pi, pi).
fn turn_between(from: f64, to: f64) -> f64 {
    (to - from + PI).rem_euclid(TAU) - PI
}

/// True if angles `a` and `b` (radians) point the same way.
fn same_angle(a: f64, b: f64) -> bool {
    turn_between(a, b).abs() < SAME
}

/// One tick's controls with the keys `[forward, right, turn]` held.
fn held([forward, right, turn]: [f32; 3]) -> Controls {
    Controls {
        forward,
        right,
        turn,
        ..Controls::default()
    }
}

/// Walks a fresh world with `tunables` on the open plane (the player at the
/// origin facing east) through [`WALK`], calling `check` after every tick
/// with the world and the heading the test integrated from the turn keys
/// (the model's turn speed times the tick length per tick of a held key:
/// the heading speed for the polar model, each baseline's own for the
/// others).
fn walk(tunables: Tunables, mut check: impl FnMut(&World, f64)) {
    let mut world = World::new(Map::open_plane(), tunables, 1);
    let mut heading = 0.0_f64;
    let speed = match tunables.model {
        Model::Polar => tunables.heading_speed,
        Model::Classic => tunables.classic.turn_speed,
        Model::Quake => tunables.quake.turn_speed,
    };
    let turn_per_tick = speed / f64::from(TICK_RATE);
    for (name, keys, ticks) in WALK {
        for _ in 0..ticks {
            world.step(&held(keys));
            heading = (heading + f64::from(keys[2]) * turn_per_tick).rem_euclid(TAU);
            let at = world.tick();
            assert!(
                same_angle(world.player().heading, heading),
                "tick {at} ({name}): heading {} but the turn keys make {heading}",
                world.player().heading
            );
            check(&world, heading);
        }
    }
}

/// The direction the body travels, radians: the polar model's speed angle,
/// or the velocity's direction in the classic and quake models.
fn travel_angle(world: &World) -> f64 {
    let p = world.player();
    match world.tunables().model {
        Model::Polar => p.body.speed_angle,
        Model::Classic | Model::Quake => p.velocity[1].atan2(p.velocity[0]),
    }
}

#[test]
fn polar_velocity_camera_looks_along_the_speed_angle() {
    let mut apart = 0;
    walk(Tunables::default(), |world, heading| {
        let (camera, body) = (world.camera(), world.player().body);
        assert!(
            same_angle(camera.yaw, body.speed_angle),
            "tick {}: camera yaw {} but the speed angle is {} (heading {heading})",
            world.tick(),
            camera.yaw,
            body.speed_angle
        );
        assert_eq!(camera.pitch, 0.0, "walking looks level");
        if turn_between(heading, body.speed_angle).abs() > APART {
            apart += 1;
        }
    });
    // Otherwise a camera on the heading would pass as well.
    assert!(
        apart > 100,
        "the speed angle left the heading on {apart} ticks"
    );
}

#[test]
fn heading_coupling_and_the_other_models_look_along_the_heading() {
    let cases = [
        (Model::Polar, Coupling::Heading),
        // The coupling is the polar model's: the others ignore it.
        (Model::Classic, Coupling::Velocity),
        (Model::Quake, Coupling::Velocity),
    ];
    for (model, coupling) in cases {
        let mut tunables = Tunables {
            model,
            coupling,
            ..Tunables::default()
        };
        // Smooth turning, which the walk integrates; the faithful whole
        // degrees are tests/baselines.rs's.
        tunables.classic.faithful = false;
        let mut apart = 0;
        walk(tunables, |world, heading| {
            let camera = world.camera();
            assert!(
                same_angle(camera.yaw, heading),
                "{model:?}/{coupling:?} tick {}: camera yaw {} but the heading is {heading}",
                world.tick(),
                camera.yaw
            );
            assert_eq!(camera.pitch, 0.0, "walking looks level");
            let moving = world.player().speed() > 0.1;
            if moving && turn_between(heading, travel_angle(world)).abs() > APART {
                apart += 1;
            }
        });
        assert!(
            apart > 100,
            "{model:?}: travel left the heading on only {apart} ticks"
        );
    }
}

/// Quake's view bob in Quake units, as WinQuake's `V_CalcBob` (view.c)
/// computes it at client time `time` (seconds) for a horizontal speed of
/// `speed` units per second, with its default cvars.
fn quake_bob(time: f64, speed: f64) -> f64 {
    let (cl_bob, cl_bobcycle, cl_bobup) = (0.02, 0.6, 0.5);
    let mut cycle = time - (time / cl_bobcycle).trunc() * cl_bobcycle;
    cycle /= cl_bobcycle;
    cycle = if cycle < cl_bobup {
        PI * cycle / cl_bobup
    } else {
        PI + PI * (cycle - cl_bobup) / (1.0 - cl_bobup)
    };
    let bob = speed * cl_bob;
    (bob * 0.3 + bob * 0.7 * cycle.sin()).clamp(-7.0, 4.0)
}

#[test]
fn head_bob_is_quakes_scaled_by_the_tunable() {
    // Quake measures in units, 64 to the tile (one Wolfenstein 3D tile).
    let units_per_tile = 64.0;
    for (model, head_bob) in [(Model::Polar, 1.0), (Model::Quake, 0.5)] {
        let mut tunables = Tunables {
            model,
            head_bob,
            ..Tunables::default()
        };
        // The quake model bobs by its own amplitude, Quake's by default.
        assert_eq!(tunables.quake.head_bob, 1.0);
        tunables.quake.head_bob = head_bob;
        let (mut low, mut high, mut capped) = (0, 0, 0);
        walk(tunables, |world, _| {
            let p = world.player();
            let time = world.tick() as f64 / f64::from(TICK_RATE);
            let speed = p.velocity[0].hypot(p.velocity[1]) * units_per_tile;
            let units = head_bob * quake_bob(time, speed);
            let z = world.camera().z;
            assert!(
                (z - (EYE_HEIGHT + units / units_per_tile)).abs() < 1e-12,
                "{model:?} tick {}: eye at {z}, Quake's bob makes {units} units",
                world.tick()
            );
            low += usize::from(units < -0.5 * head_bob);
            high += usize::from(units > 0.5 * head_bob);
            capped += usize::from(units == 4.0 * head_bob);
        });
        // The eye went both ways, and at top speed Quake's cap held it.
        assert!(
            low > 50 && high > 50,
            "{model:?}: bob down {low}, up {high}"
        );
        assert!(capped > 10, "{model:?}: capped on {capped} ticks");
    }
}

#[test]
fn no_head_bob_keeps_the_eye_at_mid_wall() {
    walk(Tunables::default(), |world, _| {
        assert_eq!(world.camera().z, EYE_HEIGHT, "tick {}", world.tick());
    });
}

/// Asserts that `got` and `want` are the same pose within 1e-12, the yaw
/// compared as a direction and required in [0, 2pi).
fn assert_pose(got: Pose, want: Pose, what: &str) {
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert!(
        close(got.x, want.x) && close(got.y, want.y) && close(got.z, want.z),
        "{what}: {got:?} vs {want:?}"
    );
    assert!(close(got.pitch, want.pitch), "{what}: {got:?} vs {want:?}");
    assert!(
        turn_between(got.yaw, want.yaw).abs() < 1e-12 && (0.0..TAU).contains(&got.yaw),
        "{what}: yaw {} vs {}",
        got.yaw,
        want.yaw
    );
}

#[test]
fn the_view_between_ticks_blends_the_short_way_round() {
    let pose = |x, y, z, yaw, pitch| Pose {
        x,
        y,
        z,
        yaw,
        pitch,
        roll: 0.0,
    };
    let a = pose(1.0, 2.0, 0.5, 0.5, -0.2);
    let b = pose(3.0, -2.0, 0.7, 1.5, 0.2);
    assert_pose(a.lerp(&b, 0.0), a, "t = 0 is the last tick");
    assert_pose(a.lerp(&b, 1.0), b, "t = 1 is the newest tick");
    // A quarter of the way: each field a quarter of its change.
    let quarter = pose(1.5, 1.0, 0.55, 0.75, -0.1);
    assert_pose(a.lerp(&b, 0.25), quarter, "a quarter of the way");

    // Across east (yaw 0): from 0.1 rad left of it to 0.3 rad right of it
    // is a 0.4 rad turn right, not a 5.9 rad turn left through west.
    let left = pose(0.0, 0.0, 0.5, TAU - 0.1, 0.0);
    let right = pose(0.0, 0.0, 0.5, 0.3, 0.0);
    for (t, yaw) in [(0.25, 0.0), (0.5, 0.1), (0.75, 0.2)] {
        let want = pose(0.0, 0.0, 0.5, yaw, 0.0);
        assert_pose(left.lerp(&right, t), want, "turning right across east");
    }
    // And back: from 0.3 right to 0.1 left, 0.75 of the way turns 0.3 left
    // (onto east) and 0.875 of the way 0.35 (past it).
    let east = pose(0.0, 0.0, 0.5, 0.0, 0.0);
    assert_pose(right.lerp(&left, 0.75), east, "turning left onto east");
    let back = pose(0.0, 0.0, 0.5, TAU - 0.05, 0.0);
    assert_pose(right.lerp(&left, 0.875), back, "turning left across east");
}

#[test]
fn ticks_that_turn_across_east_blend_through_east() {
    // The walk's left turn carries the heading across 0; the renderer's
    // view between those two ticks must stay near east, not swing round.
    let tunables = Tunables {
        coupling: Coupling::Heading,
        ..Tunables::default()
    };
    let mut last = World::new(Map::open_plane(), tunables, 1).camera();
    let mut crossings = 0;
    walk(tunables, |world, _| {
        let now = world.camera();
        let turn = turn_between(last.yaw, now.yaw);
        if (now.yaw - last.yaw).abs() > PI {
            crossings += 1;
        }
        for t in [0.25, 0.5, 0.75] {
            let blend = |a: f64, b: f64| a + (b - a) * t;
            let want = Pose {
                x: blend(last.x, now.x),
                y: blend(last.y, now.y),
                z: blend(last.z, now.z),
                yaw: (last.yaw + turn * t).rem_euclid(TAU),
                pitch: blend(last.pitch, now.pitch),
                roll: blend(last.roll, now.roll),
            };
            assert_pose(last.lerp(&now, t), want, "between two ticks");
        }
        last = now;
    });
    assert_eq!(crossings, 1, "the walk turns across east once");
}

#[test]
fn in_flight_the_camera_looks_along_the_heading_tilted_by_the_roof() {
    // Polar with the velocity coupling: walking, the camera would follow the
    // speed angle. Walk forward while turning so the speed angle lags the
    // heading, then take off and keep turning: flight looks along the
    // heading whatever the coupling.
    let mut world = World::new(Map::open_plane(), Tunables::default(), 1);
    for _ in 0..60 {
        world.step(&held([1.0, 0.0, 1.0]));
    }
    let take_off = Controls {
        action: Some(Request::Jetpack),
        ..Controls::default()
    };
    world.step(&take_off);
    let flying = [
        // Climb on hover while turning left, the pointer tilting forward.
        (0.0, 0.6, -1.0, 240),
        // Full thrust tilted forward and to the right, turning right.
        (0.5, 0.5, 1.0, 120),
        // Level off, still turning.
        (0.0, 0.0, 1.0, 60),
    ];
    let (mut apart, mut pitched) = (0, 0);
    for (pointer_x, pointer_y, turn, ticks) in flying {
        for _ in 0..ticks {
            world.step(&Controls {
                turn,
                hover: pointer_x == 0.0,
                thrust: pointer_x != 0.0,
                pointer: [pointer_x, pointer_y],
                ..Controls::default()
            });
            let p = world.player();
            let f = p.flight.as_ref().expect("still flying");
            let camera = world.camera();
            let at = world.tick();
            assert!(
                same_angle(camera.yaw, p.heading),
                "tick {at}: camera yaw {} but the heading is {}",
                camera.yaw,
                p.heading
            );
            // The roof's tilt toward the view: a tilt by `pitch` in the
            // direction `direction` (relative to the view) leans the view
            // axis by atan(tan(pitch) cos(direction)); written with sine and
            // cosine so a tilt past upright stays in range.
            let want = (f.pitch.sin() * f.direction.cos()).atan2(f.pitch.cos());
            assert!(
                (camera.pitch - want).abs() < 1e-12,
                "tick {at}: view pitch {} but the roof tilts {want}",
                camera.pitch
            );
            assert!((camera.z - (f.z + EYE_ABOVE_FEET)).abs() < 1e-12);
            if turn_between(p.heading, p.body.speed_angle).abs() > APART {
                apart += 1;
            }
            if want.abs() > 0.05 {
                pitched += 1;
            }
        }
    }
    assert!(
        apart > 100,
        "the speed angle left the heading on {apart} ticks"
    );
    assert!(pitched > 100, "the view pitched on {pitched} ticks");
}
