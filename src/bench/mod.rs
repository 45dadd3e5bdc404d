//! `bench`: frame and tick timings measured on this machine, as a table or
//! `name,value,unit` CSV rows. Figures are medians over repeated runs.

pub mod cartesian;
pub mod maps;

use crate::map::{Map, MapArt};
use crate::render::{self, Hud, View, Workspace};
use crate::sim::actors::tank::{Tank, TankState};
use crate::sim::actors::walker::{Walker, WalkerState};
use crate::sim::particles::{Particle, Particles};
use crate::sim::{Controls, Pose, Rng, Scenario, World, EYE_HEIGHT};
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
        roll: 0.0,
        x: 2.5,
        y: 2.5,
        z: EYE_HEIGHT,
        yaw: 0.0,
    },
    Pose {
        pitch: 0.0,
        roll: 0.0,
        x: 16.5,
        y: 9.5,
        z: EYE_HEIGHT,
        yaw: 0.3,
    },
    Pose {
        pitch: 0.0,
        roll: 0.0,
        x: 27.5,
        y: 21.5,
        z: EYE_HEIGHT,
        yaw: 5.3,
    },
];

/// Frame sizes measured.
pub const SIZES: [(usize, usize); 4] = [(640, 360), (960, 540), (1280, 720), (1920, 1080)];

/// On the default map, the face against the wall of the first corridor
/// (0.31 tiles off it, the player's radius and a hair): every column is
/// wall from the top of the screen to the bottom.
pub const NEAR_WALL: Pose = Pose {
    x: 2.31,
    y: 2.5,
    z: EYE_HEIGHT,
    yaw: std::f64::consts::PI,
    pitch: 0.0,
    roll: 0.0,
};

/// On the default map, across the open metal hall: mostly floor and
/// ceiling.
pub const OPEN_HALL: Pose = POSES[2];

/// Exhaust particles put in the frame scenes, a cloud in front of each
/// pose, so frames draw particles as a flier sees them.
const SCENE_PARTICLES: usize = 300;

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

/// The median time of one full frame (walls, floor, ceiling, sprites,
/// particles, HUD with the minimap) of `world` at `w` x `h`, averaged over
/// `poses`, on the rayon pool in force; milliseconds.
/// `looks`: the sprite sheets and the map's textures.
pub fn frame_ms(
    world: &World,
    (art, map_art): (&Art, &MapArt),
    poses: &[Pose],
    (w, h): (usize, usize),
) -> f64 {
    let hud = Hud {
        fps: Some(60.0),
        minimap: true,
        ..Hud::default()
    };
    let mut frame = vec![0u8; w * h * 4];
    let mut ws = Workspace::default();
    let runs = (60_000_000 / (w * h)).clamp(31, 121);
    median_ms(runs, || {
        for &pose in poses {
            let view = View::from_pose(pose);
            render::draw_in(
                &mut ws,
                &render::Scene {
                    world,
                    view: &view,
                    hud: &hud,
                    art,
                    map_art,
                },
                render::Frame::new(&mut frame, w, h),
            );
        }
    }) / poses.len() as f64
}

/// The memory bound: the median time to write every pixel of a `w` x `h`
/// RGBA frame once, on every core, in the same bands the renderer uses;
/// milliseconds.
pub fn fill_ms((w, h): (usize, usize)) -> f64 {
    use rayon::prelude::*;
    let mut frame = vec![[0u8; 4]; w * h];
    let mut shade = 0u8;
    median_ms(61, || {
        shade = shade.wrapping_add(1);
        frame
            .par_chunks_mut(render::BAND_ROWS * w)
            .for_each(|band| band.fill([shade, shade, shade, 255]));
        std::hint::black_box(&frame);
    })
}

/// `world` with a cloud of exhaust particles hanging in front of each of
/// `poses`, a little below the eye.
fn with_exhaust(world: &World, poses: &[Pose]) -> World {
    let mut rng = Rng::new(11);
    let scene = Scenario::from_world(world.clone());
    scene
        .particles(|particles| {
            for i in 0..SCENE_PARTICLES {
                let pose = poses[i % poses.len()];
                let (s, c) = pose.yaw.sin_cos();
                let ahead = 0.8 + rng.next_f64();
                let across = rng.next_f64() - 0.5;
                particles.emit(Particle {
                    pos: [
                        pose.x + c * ahead - s * across,
                        pose.y + s * ahead + c * across,
                        0.1 + 0.3 * rng.next_f64(),
                    ],
                    vel: [0.0; 3],
                    age: (i % 20) as u16,
                    life: 40,
                });
            }
        })
        .build()
}

/// Measures full frames at each size on one core and on all of them, the
/// fill bound, the face against a wall and the open hall, and the
/// simulation tick, on `world`'s map.
pub fn run(world: &World, art: (&Art, &MapArt)) -> Vec<Figure> {
    let mut figures = Vec::new();
    let mut push = |name: String, value: f64, unit: &'static str| {
        figures.push(Figure { name, value, unit });
    };
    let scene = with_exhaust(world, &POSES);
    let single = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool of one thread");
    let mut full = (0.0, 0.0);
    for (w, h) in SIZES {
        let one = single.install(|| frame_ms(&scene, art, &POSES, (w, h)));
        let all = frame_ms(&scene, art, &POSES, (w, h));
        push(format!("frame_{w}x{h}_1t_ms"), one, "ms");
        push(format!("frame_{w}x{h}_all_ms"), all, "ms");
        full = (one, all);
    }
    let fill = fill_ms((1920, 1080));
    push("fill_1920x1080_ms".into(), fill, "ms");
    push("ratio_frame_to_fill_1920x1080".into(), full.1 / fill, "x");
    push("speedup_all_over_1t_1920x1080".into(), full.0 / full.1, "x");
    let alone = |pose: Pose| frame_ms(&with_exhaust(world, &[pose]), art, &[pose], (1920, 1080));
    let (near, open) = (alone(NEAR_WALL), alone(OPEN_HALL));
    push("near_wall_1920x1080_all_ms".into(), near, "ms");
    push("open_hall_1920x1080_all_ms".into(), open, "ms");
    push("ratio_near_wall_to_open_hall".into(), near / open, "x");
    // The open hall with Quake's full strafe roll: the scene turned before
    // the HUD, one more pass over the frame.
    let rolled = Pose {
        roll: 2f64.to_radians(),
        ..OPEN_HALL
    };
    push(
        "rolled_open_hall_1920x1080_all_ms".into(),
        alone(rolled),
        "ms",
    );
    push(
        "threads".into(),
        rayon::current_num_threads() as f64,
        "threads",
    );
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
    push("sim_tick_player_ms".into(), ms, "ms");
    for (walkers, tanks, particles) in SIM_COUNTS {
        push(
            format!("sim_tick_{walkers}w_{tanks}t_{particles}p_ms"),
            sim_tick_ms(walkers, tanks, particles),
            "ms",
        );
    }
    for (walkers, tanks) in ENEMY_COUNTS {
        push(
            format!("enemies_{walkers}w_{tanks}t_tick_ms"),
            enemy_tick_ms(walkers, tanks),
            "ms",
        );
    }
    figures
}

/// Walkers, tanks and exhaust particles whose tick is measured together:
/// the load the tick must carry in under 2 ms, and a tenth and a hundredth
/// of it, to show how the cost grows.
pub const SIM_COUNTS: [(usize, usize, usize); 3] =
    [(10, 1, 100), (100, 10, 1000), (1000, 100, 10_000)];

/// The median time of one world tick with `walkers`, `tanks` and
/// `particles` (bouncing in place on the hall's floor for the whole run)
/// in the measured hall; milliseconds.
pub fn sim_tick_ms(walkers: usize, tanks: usize, particles: usize) -> f64 {
    let world = crowd(walkers, tanks);
    let map = world.map().clone();
    let mut rng = Rng::new(3);
    let mut world = Scenario::from_world(world)
        .particles(|cloud| {
            *cloud = Particles::with_capacity(particles);
            while cloud.len() < particles {
                let x = 1.0 + rng.next_f64() * (ARENA - 2) as f64;
                let y = 1.0 + rng.next_f64() * (ARENA - 2) as f64;
                if map.is_solid(x as i64, y as i64) {
                    continue;
                }
                cloud.emit(Particle {
                    pos: [x, y, rng.next_f64()],
                    vel: [0.0, 0.0, rng.next_f64() * 2.0 - 1.0],
                    age: 0,
                    life: u16::MAX,
                });
            }
        })
        .build();
    tick_ms(&mut world)
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
    tick_ms(&mut world)
}

/// The median time of one tick of `world` with the player standing still,
/// after a second to settle; milliseconds.
fn tick_ms(world: &mut World) -> f64 {
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
    let scenario = Scenario::on(Map::from_rows(&rows)).combat(|combat, tunables| {
        // Untouchable, so the crowd keeps the player company for the whole run.
        tunables.health = i32::MAX;
        combat.health = i32::MAX;
    });
    let spots = (0..).map(|i: usize| {
        // Open tiles from the north-west corner, every other tile, skipping
        // the pillars' columns.
        let per_row = (ARENA - 2) / 2;
        (2 + (i % per_row) * 2, 2 + (i / per_row) * 2)
    });
    let spots = spots.filter(|&(x, y)| !(x % 8 == 4 && y % 8 == 4));
    let mut spots = spots.map(|(x, y)| (x as f64 + 0.5, y as f64 + 0.5));
    scenario
        .actors(|actors| {
            let t = actors.tunables;
            for (i, (x, y)) in spots.by_ref().take(walkers).enumerate() {
                let heading = (i % 8) as f64 * std::f64::consts::FRAC_PI_4;
                let mut w = Walker::new(x, y, heading, false, &t.walker);
                w.set_state(WalkerState::Chase1);
                actors.walkers.push(w);
            }
            for (x, y) in spots.skip(ARENA / 2 * 3).step_by(3).take(tanks) {
                let mut tank = Tank::new(x, y, 0.0, 0.3, &t.tank);
                tank.state = TankState::Hunt;
                actors.tanks.push(tank);
            }
        })
        .build()
}

/// Writes figures to `out` as a table whose columns line up (the names
/// padded to the longest), or as `name,value,unit` rows.
pub fn write(figures: &[Figure], csv: bool, out: &mut impl std::io::Write) -> std::io::Result<()> {
    if csv {
        writeln!(out, "name,value,unit")?;
    }
    let name_w = figures.iter().map(|f| f.name.len()).max().unwrap_or(0);
    for f in figures {
        if csv {
            writeln!(out, "{},{},{}", f.name, f.value, f.unit)?;
        } else {
            writeln!(out, "{:<name_w$} {:>10.4} {}", f.name, f.value, f.unit)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod write_tests {
    use super::*;

    #[test]
    fn every_row_of_the_table_lines_up_whatever_the_longest_name() {
        let figure = |name: &str, value| Figure {
            name: name.into(),
            value,
            unit: "ms",
        };
        let figures = [
            figure("threads", 2.0),
            figure("rolled_open_hall_1920x1080_all_ms", 16.3824),
            figure("frame_640x360_1t_ms", 0.3519),
        ];
        let mut out = Vec::new();
        write(&figures, false, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let ends: Vec<usize> = text.lines().map(|l| l.find(" ms").unwrap()).collect();
        assert_eq!(ends.len(), 3, "{text}");
        assert!(ends.iter().all(|&e| e == ends[0]), "{text}");
        assert!(text.contains("rolled_open_hall_1920x1080_all_ms    16.3824 ms"));
    }
}
