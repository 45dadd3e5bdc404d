//! Properties of the player's movement under random controls: the polar
//! state stays sane, and no tick ever ends inside a wall.

use proptest::prelude::*;
use std::f64::consts::TAU;
use wobblecaster::map::{self, Map};
use wobblecaster::sim::{collision, Controls, Model, Request, Scenario, Tunables, World};

/// Random held controls: each a key state (-1, 0, 1 per axis) or a stick
/// anywhere in between, with or without a mouse turn, held for 1 to 120
/// ticks.
fn control_runs() -> impl Strategy<Value = Vec<(Controls, usize)>> {
    let axis = || prop_oneof![Just(-1.0f32), Just(0.0f32), Just(1.0f32), -1.0f32..=1.0];
    let look = prop_oneof![Just(0.0f32), -0.2f32..=0.2];
    let controls =
        (axis(), axis(), axis(), look).prop_map(|(forward, right, turn, look)| Controls {
            forward,
            right,
            turn,
            look,
            action: None,
            ..Controls::default()
        });
    prop::collection::vec((controls, 1usize..120), 1..40)
}

fn default_map() -> Map {
    map::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/default.map"))
        .unwrap()
        .map
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn polar_state_stays_finite_bounded_and_wrapped(runs in control_runs()) {
        let mut world = World::new(Map::open_plane(), Tunables::default(), 1);
        let max = world.tunables().polar.max_speed;
        for (controls, ticks) in runs {
            for _ in 0..ticks {
                world.step(&controls);
                let p = world.player();
                let b = &p.body;
                prop_assert!(b.speed.is_finite() && b.angular_velocity.is_finite());
                prop_assert!(b.speed >= 0.0 && b.speed <= max * (1.0 + 1e-9), "speed {}", b.speed);
                prop_assert!((0.0..TAU).contains(&b.speed_angle), "angle {}", b.speed_angle);
                prop_assert!((0.0..TAU).contains(&p.heading));
                prop_assert!(p.x.is_finite() && p.y.is_finite());
            }
        }
    }

    #[test]
    fn no_tick_ends_inside_a_wall(runs in control_runs()) {
        let mut world = World::new(default_map(), Tunables::default(), 1);
        let r = world.tunables().player_radius;
        // Start at top speed along the start heading.
        for _ in 0..240 {
            world.step(&Controls { forward: 1.0, ..Controls::default() });
        }
        for (i, (controls, ticks)) in runs.into_iter().enumerate() {
            // Every model takes a turn, switched mid-motion.
            let model = Model::ALL[i % Model::ALL.len()];
            world.step(&Controls { action: Some(Request::SetModel(model)), ..controls });
            let held = Controls { forward: 1.0, ..controls };
            for _ in 0..ticks {
                world.step(&held);
                let p = world.player();
                prop_assert!(collision::is_clear(world.map(), [p.x, p.y], r - 1e-7),
                    "inside a wall at ({}, {}) tick {}", p.x, p.y, world.tick());
            }
        }
    }
}

#[test]
fn a_wall_stops_the_body_without_jitter() {
    let map = Map::from_rows(&["#######", "#>....#", "#######"]);
    let mut world = World::new(map, Tunables::default(), 1);
    let forward = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    for _ in 0..600 {
        world.step(&forward);
    }
    let rest = (world.player().x, world.player().y);
    for _ in 0..120 {
        world.step(&forward);
        assert_eq!((world.player().x, world.player().y), rest, "no jitter");
    }
    assert!((rest.0 - (6.0 - world.tunables().player_radius)).abs() < 1e-6);
    assert!(
        world.player().body.speed < 0.2,
        "the wall took the speed: {}",
        world.player().body.speed
    );
}

#[test]
fn a_wall_at_an_angle_is_slid_along() {
    let map = Map::from_rows(&["##########", "#>.......#", "#........#", "##########"]);
    // Aim 30 degrees right of east, into the south wall, and hold.
    let mut world = Scenario::on(map)
        .player(|p| {
            p.heading = 30f64.to_radians();
            p.body.speed_angle = p.heading;
        })
        .build();
    let forward = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    let x0 = world.player().x;
    for _ in 0..120 {
        world.step(&forward);
    }
    let p = world.player();
    assert!(
        (p.y - (3.0 - world.tunables().player_radius)).abs() < 1e-6,
        "against the wall: {}",
        p.y
    );
    assert!(p.x - x0 > 1.0, "slid east along it: {} tiles", p.x - x0);
}

/// The article's literal coast runs away after a strafe (docs/playing.md,
/// "Coasting"), but no tick moves the body more than
/// [`collision::MAX_MOVE`], 4 tiles: the runaway is held at 480 tiles/s at
/// the 120 Hz tick, and the speed is cut with the move.
#[test]
fn the_literal_coasts_runaway_is_held_at_four_tiles_a_tick() {
    let mut tunables = Tunables::default();
    tunables.polar.coast = wobblecaster::sim::polar::Coast::Article;
    let mut world = World::new(Map::open_plane(), tunables, 1);
    let strafe = Controls {
        right: 1.0,
        ..Controls::default()
    };
    for _ in 0..120 {
        world.step(&strafe);
    }
    let mut longest: f64 = 0.0;
    for _ in 0..20 * 120 {
        let before = [world.player().x, world.player().y];
        world.step(&Controls::default());
        let after = [world.player().x, world.player().y];
        longest = longest.max((after[0] - before[0]).hypot(after[1] - before[1]));
    }
    assert_eq!(
        collision::MAX_MOVE * f64::from(wobblecaster::sim::TICK_RATE),
        480.0
    );
    assert!(longest <= collision::MAX_MOVE + 1e-9, "{longest}");
    assert!(
        longest > collision::MAX_MOVE - 1e-6,
        "it ran away: {longest}"
    );
    let speed = world.player().body.speed;
    assert!(
        (speed - 480.0).abs() < 1e-6,
        "the speed is cut with the move: {speed}"
    );
}
