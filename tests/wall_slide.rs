//! Sliding along a straight wall: the body keeps a steady speed across the
//! seams between the wall's tiles, in every model (Wolfenstein 3D clips x
//! and y apart and slides smoothly; a circle pushed off each tile's corner
//! used to jump ahead at every seam: classic, heading 20 degrees into the
//! wall, went from 5.26 to 5.51 tiles/s there, 4.6 %).

use wobblecaster::map::Map;
use wobblecaster::sim::{Controls, Coupling, Model, Tunables, World, TICK_DT};

/// A long hall: a straight north wall 60 tiles long.
fn hall() -> Map {
    let mut rows = vec!["#".repeat(64)];
    rows.push(format!("#>{}#", ".".repeat(61)));
    for _ in 0..4 {
        rows.push(format!("#{}#", ".".repeat(62)));
    }
    rows.push("#".repeat(64));
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    Map::from_rows(&rows)
}

/// The speed along the wall, tiles per second, of each tick of a run that
/// pushes forward with the heading 20 degrees into the north wall, after
/// the body has reached the wall and its top speed.
fn slide_speeds(model: Model, coupling: Coupling) -> Vec<f64> {
    let tunables = Tunables {
        model,
        coupling,
        ..Tunables::default()
    };
    let mut map = hall();
    map.start.angle = (-20f64).to_radians();
    let mut world = World::new(map, tunables, 1);
    let push = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    let mut speeds = Vec::new();
    let mut x = world.player().x;
    for tick in 0..600 {
        world.step(&push);
        let now = world.player().x;
        if tick >= 240 && now < 55.0 {
            speeds.push((now - x) / TICK_DT);
        }
        x = now;
    }
    speeds
}

#[test]
fn sliding_along_a_wall_keeps_a_steady_speed_across_its_seams() {
    let variants = [
        (Model::Polar, Coupling::Velocity),
        (Model::Polar, Coupling::Heading),
        (Model::Classic, Coupling::Heading),
        (Model::Quake, Coupling::Heading),
    ];
    for (model, coupling) in variants {
        let speeds = slide_speeds(model, coupling);
        assert!(speeds.len() > 60, "{model:?}: slid {} ticks", speeds.len());
        let (min, max) = speeds
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), &v| (a.min(v), b.max(v)));
        assert!(min > 0.5, "{model:?} {coupling:?}: stuck at {min}");
        assert!(
            max / min - 1.0 < 0.01,
            "{model:?} {coupling:?}: speed along the wall from {min} to {max} tiles/s"
        );
    }
}

#[test]
fn a_body_pushed_out_of_an_enemy_moves_as_fast_as_its_speed_says() {
    // Walking east into a walker two tiles ahead: once they meet, the
    // push out of its body stops the player, and the speed the model keeps
    // (which the next tick starts from) is the move it made, not the speed
    // it tried.
    for model in [Model::Polar, Model::Classic, Model::Quake] {
        let tunables = Tunables {
            model,
            ..Tunables::default()
        };
        let rows = ["#######", "#>..w.#", "#######"];
        let mut world = World::new(Map::from_rows(&rows), tunables, 1);
        let push = Controls {
            forward: 1.0,
            ..Controls::default()
        };
        let mut touched = 0;
        for _ in 0..240 {
            let before = [world.player().x, world.player().y];
            world.step(&push);
            let p = world.player();
            let moved = (p.x - before[0]).hypot(p.y - before[1]) / TICK_DT;
            let speed = p.velocity[0].hypot(p.velocity[1]);
            let blocked = world.actors().walkers[0].x - p.x < 0.9;
            if blocked {
                touched += 1;
                assert!(
                    speed <= moved + 1e-6,
                    "{model:?}: speed {speed} but moved at {moved}"
                );
                if model == Model::Polar {
                    assert!(
                        p.body.speed <= moved + 1e-6,
                        "{model:?}: body {}",
                        p.body.speed
                    );
                }
            }
        }
        assert!(touched > 10, "{model:?} met the walker on {touched} ticks");
    }
}
