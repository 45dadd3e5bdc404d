//! `bench`: frame and tick timings measured on this machine, as a table or
//! `name,value,unit` CSV rows. Figures are medians over repeated runs.

use crate::render::{self, Hud, View};
use crate::sim::{Controls, Pose, World, EYE_HEIGHT};
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
        x: 2.5,
        y: 2.5,
        z: EYE_HEIGHT,
        yaw: 0.0,
    },
    Pose {
        x: 16.5,
        y: 9.5,
        z: EYE_HEIGHT,
        yaw: 0.3,
    },
    Pose {
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
pub fn run(world: &World) -> Vec<Figure> {
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
                render::draw(world, &View::from_pose(pose), &hud, &mut frame, w, h);
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
    figures
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
