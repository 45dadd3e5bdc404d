//! The listener moves, sounds follow: a playing one-shot pans as the
//! listener turns, an engine passing behind a pillar fades without steps,
//! the locked door's clunk is placed where the player ends a strafe, and
//! the wind of the camera's own motion (only wind on: a run louder than a
//! walk, standing silent, a recording from before it has none).

use std::path::Path;
use std::sync::Arc;
use wobblecaster::audio::{
    place, place_behind, walls_between, Bank, Follower, Heard, Levels, Listening, RATE, WALL_GAIN,
};
use wobblecaster::map::Map;
use wobblecaster::sim::sound::{Cue, Sound};
use wobblecaster::sim::{Controls, Model, Pose, Request, Tunables, World, TICK_RATE};

fn bank() -> Arc<Bank> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    Arc::new(Bank::load(&dir).expect("the committed sounds load"))
}

fn classic(map: Map) -> World {
    let tunables = Tunables {
        model: Model::Classic,
        ..Tunables::default()
    };
    World::new(map, tunables, 1)
}

/// Levels with the effects alone: no wind, music, ambience or reverb.
fn effects_only() -> Levels {
    Levels {
        volume: 1.0,
        music: 0.0,
        ambience: 0.0,
        wind: 0.0,
        // Dry: a room's tail would outlast what each test listens for.
        reverb: false,
        ..Levels::default()
    }
}

/// Energy of the left and right channels of interleaved `frames`.
fn energies(frames: &[f32]) -> [f64; 2] {
    let mut e = [0.0; 2];
    for lr in frames.chunks_exact(2) {
        e[0] += f64::from(lr[0]).powi(2);
        e[1] += f64::from(lr[1]).powi(2);
    }
    e
}

/// How far to one side, -1 (left only) to 1 (right only).
fn balance(e: [f64; 2]) -> f64 {
    (e[1] - e[0]) / (e[0] + e[1])
}

#[test]
fn a_door_s_one_shot_pans_as_the_listener_turns_during_it() {
    let map = Map::from_rows(&["##########", "#..>D....#", "##########"]);
    let mut world = classic(map);
    let mut listening = Listening::new(&world, bank(), RATE, effects_only());
    let open = Controls {
        action: Some(Request::Use),
        ..Controls::default()
    };
    world.step(&open);
    let told = world.sounds().as_slice();
    assert!(told.iter().any(|s| s.cue == Cue::DoorOpen), "{told:?}");
    let mut early = listening.tick(&world, false).to_vec();
    let turn = Controls {
        turn: 1.0,
        ..Controls::default()
    };
    let mut late = Vec::new();
    for tick in 1..100 {
        world.step(&turn);
        let block = listening.tick(&world, false);
        if tick < 6 {
            early.extend_from_slice(block);
        } else if tick >= 60 {
            late.extend_from_slice(block);
        }
    }
    let turned = world.camera().yaw.to_degrees().abs();
    assert!(turned > 60.0, "turned {turned} degrees");
    let (early, late) = (balance(energies(&early)), balance(energies(&late)));
    assert!(early.abs() < 0.1, "ahead at first: balance {early}");
    assert!(
        late.abs() > 0.3,
        "to one side once turned: balance {late} (it stayed where it started)"
    );
}

/// The level of an engine at `x` on the row y = 1.5 heard from below a
/// pillar, decibels, through `follower` (its walls gliding) or, with
/// None, one ray's whole-wall count.
fn engine_db(map: &Map, world: &World, follower: Option<&mut Follower>, x: f64) -> f64 {
    let ear = Pose {
        x: 5.5,
        y: 5.5,
        z: 0.5,
        yaw: -std::f64::consts::FRAC_PI_2,
        ..Pose::default()
    };
    let engine = Sound {
        cue: Cue::Engine,
        at: [x, 1.5],
        gain: 1.0,
        pitch: 1.0,
        source: 0,
    };
    let gain = match follower {
        Some(f) => {
            let mut heard = Heard::default();
            heard.hear(map, &ear, &[engine]);
            f.follow(world, &ear, &mut heard, false);
            let v = heard.as_slice()[0];
            v.gains[0] + v.gains[1]
        }
        None => {
            let (gains, walls) = place(map, &ear, engine.at).unwrap();
            let whole = walls_between(map, [ear.x, ear.y], engine.at);
            (gains[0] + gains[1]) * WALL_GAIN.powf(whole - walls)
        }
    };
    20.0 * f64::from(gain).log10()
}

#[test]
fn an_engine_passing_behind_a_pillar_fades_without_steps_or_flicker() {
    let map = Map::from_rows(&[
        "###########",
        "#.........#",
        "#.........#",
        "#....#....#",
        "#.........#",
        "#>........#",
        "###########",
    ]);
    let world = World::new(map.clone(), Tunables::default(), 1);
    let mut follower = Follower::new(&bank(), effects_only());
    // 2 tiles a second, a tank's pace, from x = 1.5 to 9.5.
    let xs: Vec<f64> = (0..=480).map(|i| 1.5 + f64::from(i) / 60.0).collect();
    let followed: Vec<f64> = xs
        .iter()
        .map(|&x| engine_db(&map, &world, Some(&mut follower), x))
        .collect();
    let counted: Vec<f64> = xs
        .iter()
        .map(|&x| engine_db(&map, &world, None, x))
        .collect();
    let step = |db: &[f64]| {
        db.windows(2)
            .map(|w| (w[1] - w[0]).abs())
            .fold(0.0, f64::max)
    };
    assert!(
        step(&counted) > 8.0,
        "whole walls step: {} dB",
        step(&counted)
    );
    assert!(
        step(&followed) < 0.75,
        "the pillar fades in and out: a step of {} dB",
        step(&followed)
    );
    // The pillar still muffles: behind it (x = 5.5) well under the open
    // level a tile either side of its shadow.
    let at = |x: f64| followed[((x - 1.5) * 60.0).round() as usize];
    assert!(at(5.5) < at(3.0) - 6.0, "{} {}", at(5.5), at(3.0));
    assert!(at(5.5) < at(8.0) - 6.0, "{} {}", at(5.5), at(8.0));
    // No flicker: what the pillar takes off (the level under the open
    // level at each spot) grows, holds and shrinks, turning once.
    let open = |x: f64| {
        let ear = Pose {
            x: 5.5,
            y: 5.5,
            yaw: -std::f64::consts::FRAC_PI_2,
            ..Pose::default()
        };
        let g = place_behind(&ear, [x, 1.5], 0.0).unwrap();
        20.0 * f64::from(g[0] + g[1]).log10()
    };
    let taken: Vec<f64> = xs
        .iter()
        .zip(&followed)
        .map(|(&x, db)| open(x) - db)
        .collect();
    let mut turns = 0;
    let mut rising = None;
    for w in taken.windows(2) {
        let d = w[1] - w[0];
        if d.abs() < 1e-3 {
            continue;
        }
        if rising.is_some_and(|r| r != (d > 0.0)) {
            turns += 1;
        }
        rising = Some(d > 0.0);
    }
    assert_eq!(turns, 1, "the pillar's shadow in and out once");
}

#[test]
fn a_sound_just_around_a_corner_is_softened_not_cut() {
    let map = Map::from_rows(&[
        "#########",
        "#...#...#",
        "#...#...#",
        "#.......#",
        "#>......#",
        "#########",
    ]);
    let ear = Pose {
        x: 2.5,
        y: 2.5,
        z: 0.5,
        ..Pose::default()
    };
    // The wall's corner is at (4, 3): the line to the source passes 0.15
    // tiles inside it.
    let at = [5.5, 3.2];
    let (round, walls) = place(&map, &ear, at).unwrap();
    let whole = walls_between(&map, [ear.x, ear.y], at);
    assert_eq!(whole, 1.0, "one ray counts the whole wall");
    assert!(walls > 0.0 && walls < 1.0, "{walls} walls");
    let cut = place_behind(&ear, at, 1.0).unwrap();
    assert!(
        round[0] + round[1] > 1.1 * (cut[0] + cut[1]),
        "{round:?} {cut:?}"
    );
}

#[test]
fn the_locked_clunk_is_where_the_player_ends_a_strafe_and_pans_centre() {
    let map = Map::from_rows(&[
        "#######", "#.....#", "###G###", "#..^..#", "#.....#", "#######",
    ]);
    let mut world = classic(map);
    let start = world.player().x;
    world.step(&Controls {
        right: 1.0,
        action: Some(Request::Use),
        ..Controls::default()
    });
    let p = world.player();
    assert!((p.x - start).abs() > 0.01, "strafed");
    let clunk = world
        .sounds()
        .as_slice()
        .iter()
        .find(|s| s.cue == Cue::Locked)
        .expect("the locked door clunked");
    assert_eq!(clunk.at, [p.x, p.y], "where the player is after the tick");
    let (gains, _) = place(world.map(), &world.camera(), clunk.at).unwrap();
    assert!(
        (gains[0] - gains[1]).abs() < 1e-3 * gains[0],
        "centred: {gains:?}"
    );
}

/// The root mean square of the last second of `seconds` of a classic
/// walk (`forward`, with the run key or not) in a long hall, at `levels`.
fn walk_rms(levels: Levels, forward: f32, run: bool, seconds: f64) -> f64 {
    let map = Map::from_rows(&[
        "##################################################",
        "#................................................#",
        "#>...............................................#",
        "#................................................#",
        "##################################################",
    ]);
    let mut world = classic(map);
    let mut listening = Listening::new(&world, bank(), RATE, levels);
    let controls = Controls {
        forward,
        run,
        ..Controls::default()
    };
    let ticks = (seconds * f64::from(TICK_RATE)) as usize;
    let mut last = Vec::new();
    for tick in 0..ticks {
        world.step(&controls);
        let block = listening.tick(&world, false);
        if tick + TICK_RATE as usize >= ticks {
            last.extend_from_slice(block);
        }
    }
    let e = energies(&last);
    ((e[0] + e[1]) / last.len() as f64).sqrt()
}

#[test]
fn with_only_wind_on_a_run_is_louder_than_a_walk_and_standing_is_silent() {
    let wind_only = Levels {
        footsteps: 0.0,
        wind: 1.0,
        ..effects_only()
    };
    let walk = walk_rms(wind_only, 1.0, false, 2.0);
    let run = walk_rms(wind_only, 1.0, true, 2.0);
    let stand = walk_rms(wind_only, 0.0, false, 2.0);
    assert!(walk > 0.0, "a walk has its breath of wind");
    assert!(run > 1.5 * walk, "walk {walk}, run {run}");
    assert_eq!(stand, 0.0, "standing still");
    // Before the wind: a recording without the key hears none, and the
    // footsteps level scales the steps.
    let old = Levels {
        footsteps: 0.0,
        ..Levels::legacy()
    };
    assert_eq!(walk_rms(old, 1.0, true, 2.0), 0.0);
    let steps = |footsteps| {
        let levels = Levels {
            footsteps,
            ..effects_only()
        };
        walk_rms(levels, 1.0, false, 2.0)
    };
    let (full, half) = (steps(1.0), steps(0.5));
    assert!((half / full - 0.5).abs() < 0.01, "{full} {half}");
}

#[test]
fn a_fall_is_not_silent() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut map = wobblecaster::map::load(&dir.join("maps/hangar.map"))
        .unwrap()
        .map;
    map.spawns.clear();
    let fall = |wind: f32| {
        let mut world = World::new(map.clone(), Tunables::default(), 3);
        let levels = Levels {
            wind,
            ..effects_only()
        };
        let mut listening = Listening::new(&world, bank(), RATE, levels);
        let mut step = |controls: Controls| {
            world.step(&controls);
            let block = listening.tick(&world, false).to_vec();
            (block, world.player().altitude())
        };
        step(Controls {
            action: Some(Request::Jetpack),
            ..Controls::default()
        });
        let mut z = 0.0;
        for _ in 0..(4 * TICK_RATE) {
            z = step(Controls {
                hover: true,
                ..Controls::default()
            })
            .1;
        }
        let mut heard = Vec::new();
        for _ in 0..(2 * TICK_RATE) {
            let (block, now) = step(Controls::default());
            heard.push(energies(&block));
            z = z.min(now);
        }
        (z, heard)
    };
    // Hovering up two tiles, letting go: the jets spool down in under a
    // second, then the flier falls.
    let (low, windy) = fall(1.0);
    let (_, still) = fall(0.0);
    assert!(low < 1.0, "fell to {low}");
    let late = TICK_RATE as usize..windy.len();
    assert!(
        windy[late.clone()].iter().all(|e| e[0] > 0.0 && e[1] > 0.0),
        "the wind covers the fall"
    );
    assert!(
        still[late].iter().all(|e| e[0] == 0.0),
        "without the wind it was silent"
    );
}
