//! `bench`: frame and tick timings measured on this machine, as a table or
//! `name,value,unit` CSV rows. Each timing is a median over repeated runs,
//! with the quickest run beside it in a row named with `_min`.

pub mod cartesian;
pub mod fill;
pub mod maps;
pub mod mix;

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
pub const SIZES: [(usize, usize); 5] = [
    (640, 360),
    (960, 540),
    (1280, 720),
    (1920, 1080),
    (3840, 2160),
];

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

/// The median and the quickest of repeated timings of one thing, in its
/// rows' unit (milliseconds). The median is the figure to compare; the
/// quickest is what the machine can do when nothing else gets in the way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// The middle timing (of an even count, the upper of the middle two).
    pub median: f64,
    /// The quickest timing.
    pub min: f64,
}

impl Timing {
    /// The median and quickest of `times`.
    ///
    /// # Panics
    /// If `times` is empty.
    pub fn of(times: &[f64]) -> Self {
        let mut sorted = times.to_vec();
        sorted.sort_by(f64::total_cmp);
        Self {
            median: sorted[sorted.len() / 2],
            min: sorted[0],
        }
    }

    /// Both figures divided by `n` (a run that timed `n` things at once).
    pub fn per(self, n: usize) -> Self {
        Self {
            median: self.median / n as f64,
            min: self.min / n as f64,
        }
    }

    /// The two rows of this timing: `name` with the median, and beside it
    /// `name` + `_min` with the quickest.
    pub fn rows(self, name: String, unit: &'static str) -> [Figure; 2] {
        let min = Figure {
            name: format!("{name}_min"),
            value: self.min,
            unit,
        };
        let median = Figure {
            name,
            value: self.median,
            unit,
        };
        [median, min]
    }
}

/// The median and quickest of `runs` timings of `f`, in milliseconds.
pub fn time_ms(runs: usize, mut f: impl FnMut()) -> Timing {
    let times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    Timing::of(&times)
}

/// The median and quickest time of one full frame (walls, floor, ceiling,
/// sprites, particles, HUD with the minimap) of `world` at `w` x `h`,
/// averaged over `poses`, on the rayon pool in force; milliseconds.
/// `looks`: the sprite sheets and the map's textures.
pub fn frame_ms(
    world: &World,
    (art, map_art): (&Art, &MapArt),
    poses: &[Pose],
    (w, h): (usize, usize),
) -> Timing {
    let hud = hud();
    let mut frame = vec![0u8; w * h * 4];
    let mut ws = Workspace::default();
    let runs = (60_000_000 / (w * h)).clamp(31, 121);
    time_ms(runs, || {
        for &pose in poses {
            draw_from(
                &mut ws,
                (world, art, map_art),
                &hud,
                pose,
                (&mut frame, w, h),
            );
        }
    })
    .per(poses.len())
}

/// The HUD of the bench's frames: the status bar with a goal and a clock,
/// the minimap, and the lab readout with the frame rate (off in play since
/// issue 70, kept here so the figures stay comparable with earlier ones).
pub fn hud() -> Hud {
    Hud {
        fps: Some(60.0),
        minimap: true,
        parts: render::Parts {
            readout: true,
            ..render::Parts::default()
        },
        goal: render::GoalShown::EnemiesLeft(3),
        clock: Some(1234),
        ..Hud::default()
    }
}

/// Draws `world` seen from `pose` with `hud` into `frame`, `w` x `h` RGBA,
/// as the bench draws each of its frames: for the tools that draw the
/// bench's scenes too (`frame_loop`, `frame_hash`, the criterion bench).
pub fn draw_from(
    ws: &mut Workspace,
    (world, art, map_art): (&World, &Art, &MapArt),
    hud: &Hud,
    pose: Pose,
    (frame, w, h): (&mut [u8], usize, usize),
) {
    let view = View::from_pose(pose);
    let scene = render::Scene {
        world,
        view: &view,
        hud,
        art,
        map_art,
    };
    render::draw_in(ws, &scene, render::Frame::new(frame, w, h));
}

/// `world` with a cloud of exhaust particles hanging in front of each of
/// `poses`, a little below the eye: the bench's frame scene, with
/// [`POSES`].
pub fn with_exhaust(world: &World, poses: &[Pose]) -> World {
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

/// Quake's full strafe roll (cl_rollangle), the quake model's own
/// default: the bench's rolled view.
fn quake_roll() -> f64 {
    crate::sim::quake::QuakeTunables::default().view_roll
}

/// Measures full frames at each size on one core and on all of them with
/// the fill reference beside each, the face against a wall and the open
/// hall, and the simulation tick, on `world`'s map.
pub fn run(world: &World, art: (&Art, &MapArt)) -> Vec<Figure> {
    let mut figures = Vec::new();
    let scene = with_exhaust(world, &POSES);
    for size in SIZES {
        figures.extend(size_rows(&scene, art, size));
    }
    let alone = |pose: Pose| frame_ms(&with_exhaust(world, &[pose]), art, &[pose], (1920, 1080));
    let (near, open) = (alone(NEAR_WALL), alone(OPEN_HALL));
    figures.extend(near.rows("near_wall_1920x1080_all_ms".into(), "ms"));
    figures.extend(open.rows("open_hall_1920x1080_all_ms".into(), "ms"));
    figures.push(Figure {
        name: "ratio_near_wall_to_open_hall".into(),
        value: near.median / open.median,
        unit: "x",
    });
    // The open hall with Quake's full strafe roll: each band of the level
    // picture turned into the frame as it is painted, the HUD level.
    let rolled = Pose {
        roll: quake_roll(),
        ..OPEN_HALL
    };
    let turned = alone(rolled);
    figures.extend(turned.rows("rolled_open_hall_1920x1080_all_ms".into(), "ms"));
    figures.push(Figure {
        name: "ratio_rolled_to_open_hall".into(),
        value: turned.median / open.median,
        unit: "x",
    });
    // The open hall through the field-of-view restrictor at full strength,
    // fully closed (a turn or a run at top speed): the surround darkened
    // under the HUD.
    let restricted = Scenario::from_world(with_exhaust(world, &[OPEN_HALL]))
        .tunables(|t| t.comfort.vignette = 1.0)
        .restriction(1.0)
        .build();
    let through = frame_ms(&restricted, art, &[OPEN_HALL], (1920, 1080));
    figures.extend(through.rows("restricted_open_hall_1920x1080_all_ms".into(), "ms"));
    figures.push(Figure {
        name: "ratio_restricted_to_open_hall".into(),
        value: through.median / open.median,
        unit: "x",
    });
    figures.push(Figure {
        name: "threads".into(),
        value: rayon::current_num_threads() as f64,
        unit: "threads",
    });
    figures.extend(tick_rows(world));
    figures
}

/// The tick rows: the player walking alone on `world`, then the crowds of
/// [`SIM_COUNTS`] and [`ENEMY_COUNTS`].
fn tick_rows(world: &World) -> Vec<Figure> {
    let mut rows = Vec::new();
    let mut sim = world.clone();
    let walk = Controls {
        forward: 1.0,
        turn: 0.3,
        ..Controls::default()
    };
    let thousand = time_ms(21, || {
        for _ in 0..1000 {
            sim.step(&walk);
        }
    });
    rows.extend(thousand.per(1000).rows("sim_tick_player_ms".into(), "ms"));
    for (walkers, tanks, particles) in SIM_COUNTS {
        let name = format!("sim_tick_{walkers}w_{tanks}t_{particles}p_ms");
        rows.extend(sim_tick_ms(walkers, tanks, particles).rows(name, "ms"));
    }
    for (walkers, tanks) in ENEMY_COUNTS {
        let name = format!("enemies_{walkers}w_{tanks}t_tick_ms");
        rows.extend(enemy_tick_ms(walkers, tanks).rows(name, "ms"));
    }
    rows
}

/// The rows of one frame size `(w, h)`: the full frame of `scene` (over
/// [`POSES`]) on one thread and on the pool in force, then the fill
/// reference on one thread and on as many as the pool has.
fn size_rows(scene: &World, art: (&Art, &MapArt), (w, h): (usize, usize)) -> Vec<Figure> {
    let single = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool of one thread");
    let frame = SizeTimings {
        one: single.install(|| frame_ms(scene, art, &POSES, (w, h))),
        all: frame_ms(scene, art, &POSES, (w, h)),
    };
    let fill = SizeTimings {
        one: fill::fill((w, h), 1),
        all: fill::fill((w, h), rayon::current_num_threads()),
    };
    // The same poses with Quake's full strafe roll: the scene turned
    // before the HUD, on every core.
    let rolled_poses = POSES.map(|p| Pose {
        roll: quake_roll(),
        ..p
    });
    let rolled = frame_ms(scene, art, &rolled_poses, (w, h));
    let mut figures = size_figures((w, h), frame, fill);
    figures.extend(rolled.rows(format!("rolled_{w}x{h}_all_ms"), "ms"));
    figures.push(Figure {
        name: format!("ratio_rolled_to_level_{w}x{h}"),
        value: rolled.median / frame.all.median,
        unit: "x",
    });
    figures
}

/// One thing timed at one size on one thread and on all of them.
#[derive(Clone, Copy, Debug)]
struct SizeTimings {
    /// On one thread.
    one: Timing,
    /// On all threads.
    all: Timing,
}

/// The rows of a `w` x `h` frame timed as `frame` and filled as `fill`:
/// each timing's median and `_min` rows, then the frame over the fill (all
/// threads), all threads' speedup over one (frame), and the one-thread
/// frame's nanoseconds a pixel, each from the medians.
fn size_figures((w, h): (usize, usize), frame: SizeTimings, fill: SizeTimings) -> Vec<Figure> {
    let mut rows = Vec::new();
    for (name, t) in [
        (format!("frame_{w}x{h}_1t_ms"), frame.one),
        (format!("frame_{w}x{h}_all_ms"), frame.all),
        (format!("fill_{w}x{h}_1t_ms"), fill.one),
        (format!("fill_{w}x{h}_all_ms"), fill.all),
    ] {
        rows.extend(t.rows(name, "ms"));
    }
    let derived = [
        (
            format!("ratio_frame_to_fill_{w}x{h}"),
            frame.all.median / fill.all.median,
            "x",
        ),
        (
            format!("speedup_all_over_1t_{w}x{h}"),
            frame.one.median / frame.all.median,
            "x",
        ),
        (
            format!("ns_per_pixel_{w}x{h}_1t"),
            frame.one.median * 1e6 / (w * h) as f64,
            "ns",
        ),
    ];
    rows.extend(derived.map(|(name, value, unit)| Figure { name, value, unit }));
    rows
}

/// Walkers, tanks and exhaust particles whose tick is measured together:
/// the load the tick must carry in under 2 ms, and a tenth and a hundredth
/// of it, to show how the cost grows.
pub const SIM_COUNTS: [(usize, usize, usize); 3] =
    [(10, 1, 100), (100, 10, 1000), (1000, 100, 10_000)];

/// The median and quickest time of one world tick with `walkers`, `tanks`
/// and `particles` (bouncing in place on the hall's floor for the whole
/// run) in the measured hall; milliseconds.
pub fn sim_tick_ms(walkers: usize, tanks: usize, particles: usize) -> Timing {
    tick_ms(&mut crowd_in_exhaust(walkers, tanks, particles))
}

/// The [`crowd`] of `walkers` and `tanks` with `particles` bouncing in
/// place on the hall's floor for ever: the world [`sim_tick_ms`] times.
pub fn crowd_in_exhaust(walkers: usize, tanks: usize, particles: usize) -> World {
    let world = crowd(walkers, tanks);
    let map = world.map().clone();
    let mut rng = Rng::new(3);
    Scenario::from_world(world)
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
        .build()
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

/// The median and quickest time of one world tick with `walkers` walkers
/// and `tanks` tanks hunting a player standing in the middle of a 128x128
/// hall with a pillar every 8 tiles, after a second to spread out;
/// milliseconds.
pub fn enemy_tick_ms(walkers: usize, tanks: usize) -> Timing {
    let mut world = crowd(walkers, tanks);
    tick_ms(&mut world)
}

/// The median and quickest time of one tick of `world` with the player
/// standing still, after a second to settle; milliseconds.
fn tick_ms(world: &mut World) -> Timing {
    let still = Controls::default();
    for _ in 0..120 {
        world.step(&still);
    }
    time_ms(15, || {
        for _ in 0..20 {
            world.step(&still);
        }
    })
    .per(20)
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

/// The seconds a loop example (`frame_loop`, `tick_loop`) runs: `arg` if
/// given, more than 0 and at most an hour, else `default`.
pub fn loop_seconds(arg: Option<String>, default: f64) -> Result<f64, String> {
    let seconds = match arg {
        Some(arg) => arg
            .parse()
            .map_err(|e| format!("the seconds {arg:?}: {e}"))?,
        None => default,
    };
    if !(seconds > 0.0 && seconds <= 3600.0) {
        return Err("the seconds are more than 0 and at most 3600".into());
    }
    Ok(seconds)
}

/// The thread counts a loop example takes turns on, from `arg` (as in
/// `1,2`; each 1 to 256) or else `default` alone, each with its pool.
pub fn loop_pools(
    arg: Option<String>,
    default: usize,
) -> Result<(Vec<usize>, Vec<rayon::ThreadPool>), String> {
    let threads: Vec<usize> = match arg {
        Some(list) => list
            .split(',')
            .map(|n| n.parse().map_err(|e| format!("the threads {n:?}: {e}")))
            .collect::<Result<_, _>>()?,
        None => vec![default],
    };
    if threads.iter().any(|&n| !(1..=256).contains(&n)) {
        return Err("threads are 1 to 256".into());
    }
    let pools = threads
        .iter()
        .map(|&n| rayon::ThreadPoolBuilder::new().num_threads(n).build())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    Ok((threads, pools))
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
mod tests {
    use super::*;

    #[test]
    fn the_loop_examples_read_their_seconds_and_threads() {
        let some = |s: &str| Some(s.to_string());
        assert_eq!(loop_seconds(None, 8.0), Ok(8.0));
        assert_eq!(loop_seconds(some("2.5"), 8.0), Ok(2.5));
        for bad in ["0", "-1", "3601", "NaN", "two"] {
            assert!(loop_seconds(some(bad), 8.0).is_err(), "{bad}");
        }
        let (threads, pools) = loop_pools(some("1,2"), 4).unwrap();
        assert_eq!(threads, [1, 2]);
        assert_eq!(pools[1].current_num_threads(), 2);
        assert_eq!(loop_pools(None, 3).unwrap().0, [3]);
        for bad in ["0", "1,257", "1,,2", "x"] {
            assert!(loop_pools(some(bad), 1).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_timing_is_the_middle_run_and_the_quickest() {
        let t = Timing::of(&[3.0, 1.5, 9.0, 2.0, 4.0]);
        assert_eq!(
            t,
            Timing {
                median: 3.0,
                min: 1.5
            }
        );
        // Of an even count, the upper of the middle two.
        let t = Timing::of(&[4.0, 1.0, 2.0, 3.0]);
        assert_eq!(
            t,
            Timing {
                median: 3.0,
                min: 1.0
            }
        );
        assert_eq!(
            Timing::of(&[0.25]),
            Timing {
                median: 0.25,
                min: 0.25
            }
        );
        let per = Timing {
            median: 6.0,
            min: 3.0,
        }
        .per(3);
        assert_eq!(
            per,
            Timing {
                median: 2.0,
                min: 1.0
            }
        );
    }

    #[test]
    fn a_timing_is_two_rows_the_quickest_beside_the_median() {
        let [median, min] = Timing {
            median: 2.5,
            min: 2.0,
        }
        .rows("frame_640x360_1t_ms".into(), "ms");
        assert_eq!(
            (median.name.as_str(), median.value, median.unit),
            ("frame_640x360_1t_ms", 2.5, "ms")
        );
        assert_eq!(
            (min.name.as_str(), min.value, min.unit),
            ("frame_640x360_1t_ms_min", 2.0, "ms")
        );
    }

    #[test]
    fn each_size_has_its_frames_fills_and_ratios_from_the_medians() {
        let t = |median, min| Timing { median, min };
        let frame = SizeTimings {
            one: t(4.0, 3.0),
            all: t(2.5, 2.0),
        };
        let fill = SizeTimings {
            one: t(0.4, 0.3),
            all: t(0.25, 0.2),
        };
        let rows = size_figures((1000, 500), frame, fill);
        let got: Vec<(&str, f64, &str)> = rows
            .iter()
            .map(|f| (f.name.as_str(), f.value, f.unit))
            .collect();
        assert_eq!(
            got,
            [
                ("frame_1000x500_1t_ms", 4.0, "ms"),
                ("frame_1000x500_1t_ms_min", 3.0, "ms"),
                ("frame_1000x500_all_ms", 2.5, "ms"),
                ("frame_1000x500_all_ms_min", 2.0, "ms"),
                ("fill_1000x500_1t_ms", 0.4, "ms"),
                ("fill_1000x500_1t_ms_min", 0.3, "ms"),
                ("fill_1000x500_all_ms", 0.25, "ms"),
                ("fill_1000x500_all_ms_min", 0.2, "ms"),
                // 2.5 / 0.25; 4 / 2.5; 4 ms over 500,000 pixels is 8 ns.
                ("ratio_frame_to_fill_1000x500", 10.0, "x"),
                ("speedup_all_over_1t_1000x500", 1.6, "x"),
                ("ns_per_pixel_1000x500_1t", 8.0, "ns"),
            ]
        );
    }

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
