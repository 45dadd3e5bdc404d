//! `bench`: frame and tick timings measured on this machine, as a table or
//! `name,value,unit` CSV rows. Figures are medians over repeated runs.

use crate::map::Map;
use crate::render::{self, Hud, View};
use crate::sim::actors::tank::{Tank, TankState};
use crate::sim::actors::walker::{Walker, WalkerState};
use crate::sim::{Controls, Pose, Tunables, World, EYE_HEIGHT};
use crate::sprites::Art;
use std::time::Instant;

/// One measured figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// Its name, e.g. `frame_640x360_1t_ms`.
    pub name: String,
    /// The value.
    pub value: f64,
    /// Its unit.
    pub unit: &'static str,
}

/// Fixed poses on the default map: down the first corridor, across the
/// wooden room, and through the open hall.
pub const POSES: [Pose; 3] = [
    Pose {
        pitch: 0.0,
        x: 2.5,
        y: 2.5,
        z: EYE_HEIGHT,
        yaw: 0.0,
    },
    Pose {
        pitch: 0.0,
        x: 16.5,
        y: 9.5,
        z: EYE_HEIGHT,
        yaw: 0.3,
    },
    Pose {
        pitch: 0.0,
        x: 27.5,
        y: 21.5,
        z: EYE_HEIGHT,
        yaw: 5.3,
    },
];

/// Frame sizes measured.
pub const SIZES: [(usize, usize); 4] = [(640, 360), (960, 540), (1280, 720), (1920, 1080)];

/// The median of `runs` timings of `f`, in milliseconds.
pub fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Measures full frames (walls, floor, ceiling, HUD) at each size, and the
/// simulation tick, on `world`'s map.
pub fn run(world: &World, art: &Art) -> Vec<Figure> {
    let mut figures = Vec::new();
    let hud = Hud {
        fps: Some(60.0),
        minimap: true,
        ..Hud::default()
    };
    for (w, h) in SIZES {
        let mut frame = vec![0u8; w * h * 4];
        let runs = (30_000_000 / (w * h)).clamp(5, 60);
        let ms = median_ms(runs, || {
            for pose in POSES {
                render::draw(world, &View::from_pose(pose), &hud, art, &mut frame, w, h);
            }
        }) / POSES.len() as f64;
        figures.push(Figure {
            name: format!("frame_{w}x{h}_1t_ms"),
            value: ms,
            unit: "ms",
        });
    }
    let mut sim = world.clone();
    let walk = Controls {
        forward: 1.0,
        turn: 0.3,
        ..Controls::default()
    };
    let ms = median_ms(21, || {
        for _ in 0..1000 {
            sim.step(&walk);
        }
    }) / 1000.0;
    figures.push(Figure {
        name: "sim_tick_player_ms".into(),
        value: ms,
        unit: "ms",
    });
    for (walkers, tanks) in ENEMY_COUNTS {
        figures.push(Figure {
            name: format!("enemies_{walkers}w_{tanks}t_tick_ms"),
            value: enemy_tick_ms(walkers, tanks),
            unit: "ms",
        });
    }
    figures
}

/// Walker and tank counts whose tick is measured: 10, 100 and 1000 walkers
/// with 10 and with 100 tanks, to show how the cost grows, and the 200
/// walkers and 50 tanks that must step in under a millisecond.
pub const ENEMY_COUNTS: [(usize, usize); 7] = [
    (10, 10),
    (100, 10),
    (1000, 10),
    (10, 100),
    (100, 100),
    (1000, 100),
    (200, 50),
];

/// Edge of the square arena the enemy ticks are measured on, tiles.
const ARENA: usize = 128;

/// The median time of one world tick with `walkers` walkers and `tanks`
/// tanks hunting a player standing in the middle of a 128x128 hall with a
/// pillar every 8 tiles, after a second to spread out; milliseconds.
pub fn enemy_tick_ms(walkers: usize, tanks: usize) -> f64 {
    let mut world = crowd(walkers, tanks);
    let still = Controls::default();
    for _ in 0..120 {
        world.step(&still);
    }
    median_ms(15, || {
        for _ in 0..20 {
            world.step(&still);
        }
    }) / 20.0
}

/// The measured hall with its enemies placed on a grid of open tiles, all
/// already hunting. The player is immortal here: the bench measures the
/// hunt, not its end.
pub fn crowd(walkers: usize, tanks: usize) -> World {
    let rows: Vec<String> = (0..ARENA)
        .map(|y| {
            (0..ARENA)
                .map(|x| {
                    let edge = x == 0 || y == 0 || x == ARENA - 1 || y == ARENA - 1;
                    let pillar = x % 8 == 4 && y % 8 == 4;
                    match (edge || pillar, x == ARENA / 2 && y == ARENA / 2 + 1) {
                        (_, true) => '>',
                        (true, _) => '#',
                        _ => '.',
                    }
                })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut world = World::new(Map::from_rows(&rows), Tunables::default(), 1);
    world.combat_tunables.health = i32::MAX;
    world.combat.health = i32::MAX;
    let spots = (0..).map(|i: usize| {
        // Open tiles from the north-west corner, every other tile, skipping
        // the pillars' columns.
        let per_row = (ARENA - 2) / 2;
        (2 + (i % per_row) * 2, 2 + (i / per_row) * 2)
    });
    let spots = spots.filter(|&(x, y)| !(x % 8 == 4 && y % 8 == 4));
    let mut spots = spots.map(|(x, y)| (x as f64 + 0.5, y as f64 + 0.5));
    let t = world.actors.tunables;
    for (i, (x, y)) in spots.by_ref().take(walkers).enumerate() {
        let heading = (i % 8) as f64 * std::f64::consts::FRAC_PI_4;
        let mut w = Walker::new(x, y, heading, false, &t.walker);
        w.set_state(WalkerState::Chase1);
        world.actors.walkers.push(w);
    }
    for (x, y) in spots.skip(ARENA / 2 * 3).step_by(3).take(tanks) {
        let mut tank = Tank::new(x, y, 0.0, 0.3, &t.tank);
        tank.state = TankState::Hunt;
        world.actors.tanks.push(tank);
    }
    world
}

/// Prints figures as an aligned table, or as `name,value,unit` rows.
pub fn print(figures: &[Figure], csv: bool) {
    if csv {
        println!("name,value,unit");
    }
    for f in figures {
        if csv {
            println!("{},{},{}", f.name, f.value, f.unit);
        } else {
            println!("{:<28} {:>10.4} {}", f.name, f.value, f.unit);
        }
    }
}
