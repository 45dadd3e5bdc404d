//! Jetpack scenarios on the shipped hangar: take off, fly, land on a pad,
//! crash, spin and stabilise; and a flight recorded and replayed.

mod common;

use common::temp::TempDir;
use std::path::{Path, PathBuf};
use wobblecaster::map::{self, Map};
use wobblecaster::record::{replay, Header, Recorder, Recording};
use wobblecaster::script::Script;
use wobblecaster::sim::actors::walker::WalkerState;
use wobblecaster::sim::{Controls, Scenario, Tunables, World, TICK_RATE};

fn hangar_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hangar.map")
}

fn hangar() -> Map {
    map::load(&hangar_path()).unwrap().map
}

fn script(text: &str) -> Vec<Controls> {
    Script::parse(text, Path::new("flight.script"))
        .unwrap()
        .ticks()
        .collect()
}

fn fly(world: &mut World, text: &str) {
    for c in script(text) {
        world.step(&c);
        assert_finite(world);
    }
}

fn assert_finite(world: &World) {
    let p = world.player();
    assert!(p.x.is_finite() && p.y.is_finite() && p.heading.is_finite());
    if let Some(f) = &p.flight {
        let all = [f.z, f.pitch, f.direction, f.fuel]
            .into_iter()
            .chain(f.velocity)
            .chain(f.spin);
        assert!(all.into_iter().all(f64::is_finite), "{f:?}");
        assert!(f.z >= 0.0 && f.z <= world.map().wall_height);
    }
}

/// The hangar without its enemies: flight alone.
fn empty_hangar() -> World {
    let mut map = hangar();
    map.spawns.clear();
    World::new(map, Tunables::default(), 3)
}

#[test]
fn take_off_hover_and_set_down_gently_on_the_pad_to_walk_again() {
    let mut world = empty_hangar();
    let start = (world.player().x, world.player().y);
    // Up on hover for two seconds, then let it sink, braking whenever it
    // sinks faster than 0.8 tiles/s, as a pilot does.
    fly(&mut world, "0.01 jetpack\n2 hover\n");
    let f = world.player().flight.as_ref().expect("flying");
    assert!(f.z > 0.5, "hover climbs: {}", f.z);
    assert!(f.z < 3.0, "hover barely beats gravity: {}", f.z);
    for _ in 0..TICK_RATE * 10 {
        let Some(f) = &world.player().flight else {
            break;
        };
        let brake = f.velocity[2] < -0.8;
        world.step(&Controls {
            brake,
            ..Controls::default()
        });
    }
    assert!(world.player().flight.is_none(), "landed and walking");
    assert_eq!(
        world.combat().health,
        100,
        "a gentle touchdown does no harm"
    );
    let drift = (world.player().x - start.0).hypot(world.player().y - start.1);
    assert!(drift < 0.1, "straight up and down: drifted {drift}");
    // Fuel was burnt, and walking on the pad fills it again.
    let burnt = world.player().fuel;
    assert!(burnt < 1.0);
    // Onto the pad beside the start.
    world = Scenario::from_world(world).player(|p| p.x += 1.0).build();
    fly(&mut world, "1 none\n");
    assert!(world.player().fuel > burnt, "the pad refuels");
}

#[test]
fn dropping_from_height_with_the_jetpack_off_hurts_by_the_touchdown_speed() {
    let mut world = empty_hangar();
    fly(&mut world, "0.01 jetpack\n1.2 thrust\n0.01 jetpack\n");
    let f = world.player().flight.as_ref().unwrap();
    assert!(f.stowed && f.z > 2.0, "{f:?}");
    // Fall, keeping the vertical velocity each tick ends with.
    let mut falling = f.velocity[2];
    for _ in 0..TICK_RATE * 6 {
        let Some(f) = &world.player().flight else {
            break;
        };
        falling = f.velocity[2];
        world.step(&Controls::default());
        assert_finite(&world);
    }
    assert!(world.player().flight.is_none(), "down and walking");
    // The touchdown tick starts with Lander's friction, (63/64) per Lander
    // tick, 50/120 of one a tick; then the move meets the floor at that
    // speed. Each tile per second over the safe landing speed of 1.2
    // costs 30 health, rounded to the nearest point (the flight
    // tunables' documented defaults, written out here).
    let keep = (63.0f64 / 64.0).powf(50.0 / 120.0);
    let impact = -falling * keep;
    // A free fall levels off at 2.33 tiles/s (flight.rs's table): the drop
    // is long enough to come close.
    assert!(
        impact > 2.2 && impact < 2.34,
        "touchdown at {impact} tiles/s"
    );
    let damage = ((impact - 1.2) * 30.0).round() as i32;
    assert_eq!(world.combat().health, 100 - damage, "touchdown at {impact}");
}

#[test]
fn hitting_a_wall_spins_the_flier_and_the_jets_stop_it() {
    for stabilise in [true, false] {
        let mut world = Scenario::from_world(empty_hangar())
            .tunables(|t| t.flight.stabilise = stabilise)
            .build();
        // Climb, then full thrust tilted west into the wall beside the start.
        fly(&mut world, "0.01 jetpack\n1.5 hover\n");
        // Face west.
        world = Scenario::from_world(world)
            .player(|p| p.heading = std::f64::consts::PI)
            .build();
        fly(&mut world, "1 thrust+pointer=0,0.5\n");
        let f = world.player().flight.as_ref().unwrap();
        let spin = f.spin.iter().map(|s| s * s).sum::<f64>().sqrt();
        let heading = world.player().heading;
        fly(&mut world, "2 hover\n");
        let f = world.player().flight.as_ref().unwrap();
        if stabilise {
            assert_eq!(f.spin, [0.0; 3], "the jets stop the spin");
        } else {
            assert!(spin > 0.5, "the crash knocked it into a spin: {spin}");
            assert!(
                f.spin[2] != 0.0 && world.player().heading != heading,
                "still turning"
            );
        }
    }
}

#[test]
fn a_recorded_flight_replays_bit_for_bit() {
    let dir = TempDir::new("flight", "replay");
    let path = dir.join("flight.wrec");
    let mut world = World::new(hangar(), Tunables::default(), 9);
    let header = Header::new(&world, Some(&hangar_path()), 9);
    let mut recorder = Recorder::create(&path, &header, &world).unwrap();
    let ticks = script(
        "0.01 jetpack\n1 hover+pointer=0.2,0.3\n0.5 thrust+fire+pointer=-0.5,0.25\n\
         1 brake+hover\n0.2 jetpack\n3 none\n",
    );
    for c in &ticks {
        world.step(c);
        recorder.record(c, &world).unwrap();
    }
    let file = recorder.finish().unwrap();
    let recording = Recording::load(&file).unwrap();
    assert!(
        recording.ticks().eq(ticks.iter().copied()),
        "every control round-trips"
    );
    let outcome = replay(&recording, hangar());
    assert_eq!(outcome.desync, None);
    assert_eq!(outcome.final_hash, world.state_hash());
}

#[test]
fn random_flying_on_the_hangar_stays_finite_and_bounded() {
    let mut world = World::new(hangar(), Tunables::default(), 21);
    let mut rng = wobblecaster::sim::Rng::new(99);
    let mut most = 0;
    for i in 0..(TICK_RATE as usize * 120) {
        let mut r = || rng.next_f64();
        let c = Controls {
            turn: (r() * 2.0 - 1.0) as f32,
            pointer: [(r() * 2.0 - 1.0) as f32, (r() * 2.0 - 1.0) as f32],
            thrust: r() < 0.3,
            hover: r() < 0.6,
            brake: r() < 0.1,
            fire: r() < 0.05,
            action: (i % 900 == 0).then_some(wobblecaster::sim::Request::Jetpack),
            ..Controls::default()
        };
        world.step(&c);
        assert_finite(&world);
        most = most.max(world.particles().len());
        if !world.combat().alive() {
            world.restart();
        }
    }
    assert!(most <= 200, "exhaust bounded: {most}");
}

#[test]
fn trace_of_a_flight_prints_every_flight_constant_and_the_flight_columns() {
    let dir = TempDir::new("flight", "trace");
    let script = dir.join("fly.txt");
    std::fs::write(
        &script,
        "0.5 jetpack+hover\n0.5 thrust+pointer=0,0.5\n0.5 brake\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(["trace", "--map"])
        .arg(hangar_path())
        .arg("--script")
        .arg(&script)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    for key in [
        "# flight_friction_keep_per_tick=",
        "# flight_thrust_per_tick=",
        "# flight_hover_per_tick=",
        "# flight_gravity_per_tick=",
        "# flight_damping_per_tick=",
        "# flight_particles_full_per_tick=",
        "# flight_terminal_climb_tiles_per_s=",
        "# jet_gravity=",
        "# stabilise=true",
    ] {
        assert!(text.contains(key), "{key} missing");
    }
    let rows: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(rows[0], wobblecaster::trace::FLIGHT_HEADER);
    assert_eq!(rows.len(), 1 + 1 + 180, "header, tick 0 and 180 ticks");
    let last: Vec<f64> = rows[181].split(',').map(|v| v.parse().unwrap()).collect();
    let columns = wobblecaster::trace::FLIGHT_HEADER.split(',').count();
    assert_eq!(last.len(), columns);
    assert_eq!(columns, 18 + 15, "the flight's own, then the camera's");
    assert!(last[4] > 0.0, "airborne at the end: z = {}", last[4]);
}

#[test]
fn a_flier_above_their_heads_is_out_of_the_walkers_reach() {
    let rows = ["########", "#......#", "#>.w...#", "#......#", "########"];
    let mut on_foot = World::new(Map::from_rows(&rows), Tunables::default(), 5);
    // Each strike does 4 plus 0 to 6 (the walker tunables' (4, 6)), one
    // on each entry into the walker's striking state.
    let mut strikes = 0;
    for _ in 0..TICK_RATE * 5 {
        let (health, before) = (on_foot.combat().health, on_foot.actors().walkers[0].state);
        on_foot.step(&Controls::default());
        let lost = health - on_foot.combat().health;
        let state = on_foot.actors().walkers[0].state;
        if state == WalkerState::Attack2 && before != WalkerState::Attack2 {
            strikes += 1;
            assert!((4..=10).contains(&lost), "a strike of {lost}");
        } else {
            assert_eq!(lost, 0, "hurt with no strike");
        }
    }
    assert!(strikes > 0, "the walker strikes a player on foot");
    let mut map = Map::from_rows(&rows);
    map.wall_height = 6.0;
    let mut flier = World::new(map, Tunables::default(), 5);
    // Straight up on full thrust, then hold the height on the brake.
    fly(&mut flier, "0.01 jetpack\n0.6 thrust\n5 brake\n");
    let f = flier.player().flight.as_ref().unwrap();
    assert!(f.z > 1.5, "{f:?}");
    assert_eq!(flier.combat().health, 100, "out of reach overhead");
}

#[test]
fn in_flight_the_gun_fires_along_the_nose_so_tilting_aims_down() {
    let shoot = |pitch_deg: f64| {
        let mut map = Map::from_rows(&["##########", "#>...w...#", "##########"]);
        map.wall_height = 6.0;
        let mut world = World::new(map, Tunables::default(), 2);
        world.step(&Controls {
            action: Some(wobblecaster::sim::Request::Jetpack),
            ..Controls::default()
        });
        let pitch = pitch_deg.to_radians();
        world = Scenario::from_world(world)
            .player(|p| {
                let f = p.flight.as_mut().unwrap();
                (f.z, f.pitch, f.target_pitch, f.airborne) = (1.5, pitch, pitch, true);
            })
            .build();
        let tilt = (pitch / world.tunables().flight.max_pitch) as f32;
        world.step(&Controls {
            fire: true,
            brake: true,
            pointer: [0.0, tilt],
            ..Controls::default()
        });
        world.actors().walkers[0].health
    };
    let level = shoot(0.0);
    let tilted = shoot(25.0);
    assert_eq!(level, 30, "level, the shot passes over the walker's head");
    // One shot, 9 plus 0 to 9 (the combat tunables' (9, 9)).
    assert!(
        (9..=18).contains(&(30 - tilted)),
        "tilted forward, the nose points at it: {tilted}"
    );
    // Too steep, the shot meets the floor short of it.
    assert_eq!(shoot(40.0), 30);
}
