//! Every set of the renderer's code paths (`render::Paths`: scalar, SSE2,
//! AVX2, whichever this processor runs) paints the same frame byte for
//! byte: scenes with near walls, the sky, walls taller than a tile, a
//! pitched and a rolled view, sprites and the HUD, a push wall part-way
//! through its slide, at sizes whose widths
//! are and are not multiples of the vector widths.

use std::path::Path;
use wobblecaster::bench::{NEAR_WALL, POSES};
use wobblecaster::map::{self, MapArt};
use wobblecaster::render::{self, Hud, Paths, View, Workspace};
use wobblecaster::sim::{Controls, Pose, Request, Tunables, World, EYE_HEIGHT};
use wobblecaster::sprites::Art;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn load(path: &str) -> (World, MapArt) {
    let loaded = map::load(&root().join(path)).unwrap();
    (World::new(loaded.map, Tunables::default(), 1), loaded.art)
}

/// The map at `path` with its push wall pushed by the player (who starts
/// facing it) and slid part-way into its second tile.
fn sliding(path: &str) -> (World, MapArt) {
    let (mut world, art) = load(path);
    world.step(&Controls {
        action: Some(Request::Use),
        ..Controls::default()
    });
    for _ in 0..300 {
        world.step(&Controls::default());
    }
    let slide = world.map().slide().expect("sliding");
    assert!((1.0..2.0).contains(&slide.moved), "{slide:?}");
    (world, art)
}

/// The frame of `pose` in `world` at `w` x `h`, drawn with `paths`.
fn frame(
    (world, map_art): &(World, MapArt),
    art: &Art,
    pose: Pose,
    (w, h): (usize, usize),
    paths: Paths,
) -> Vec<u8> {
    let mut pixels = vec![0u8; w * h * 4];
    let mut ws = Workspace::default();
    ws.use_paths(paths);
    let hud = full_hud();
    render::draw_in(
        &mut ws,
        &render::Scene {
            world,
            view: &View::from_pose(pose),
            hud: &hud,
            art,
            map_art,
        },
        render::Frame::new(&mut pixels, w, h),
    );
    pixels
}

fn pose(x: f64, y: f64, z: f64, yaw_deg: f64, pitch: f64, roll: f64) -> Pose {
    Pose {
        x,
        y,
        z,
        yaw: yaw_deg.to_radians(),
        pitch,
        roll,
    }
}

#[test]
fn every_path_paints_the_same_bytes() {
    let art = Art::load(&root().join("assets/sprites")).unwrap();
    let default = load("maps/default.map");
    let hangar = load("maps/hangar.map");
    let tall = load("tests/maps/render_tall.map");
    let door = load("tests/maps/render_door.map");
    let pushed = sliding("tests/maps/render_pushwall.map");
    let near_corner = pose(1.32, 1.32, EYE_HEIGHT, 225.0, 0.0, 0.0);
    let scenes: Vec<(&str, &(World, MapArt), Pose)> = vec![
        ("corridor", &default, POSES[0]),
        ("junction", &default, POSES[1]),
        ("open hall", &default, POSES[2]),
        ("face to a wall", &default, NEAR_WALL),
        ("into a corner", &default, near_corner),
        (
            "looking down",
            &default,
            Pose {
                pitch: 0.9,
                ..POSES[2]
            },
        ),
        (
            "looking up",
            &default,
            Pose {
                pitch: -0.9,
                ..POSES[1]
            },
        ),
        (
            "rolled",
            &default,
            Pose {
                roll: 0.2,
                ..POSES[1]
            },
        ),
        ("sky", &hangar, pose(20.5, 17.5, 6.0, 20.0, -0.3, 0.0)),
        (
            "sky from the floor",
            &hangar,
            pose(20.5, 17.5, 0.5, 270.0, -1.0, 0.0),
        ),
        (
            "tall walls",
            &tall,
            pose(2.0, 1.4, EYE_HEIGHT, 20.0, 0.0, 0.0),
        ),
        (
            "door and sprites",
            &door,
            pose(1.5, 2.5, EYE_HEIGHT, 5.0, 0.0, 0.0),
        ),
        (
            "a push wall sliding",
            &pushed,
            pose(4.3, 1.4, EYE_HEIGHT, 135.0, 0.0, 0.0),
        ),
    ];
    let paths: Vec<Paths> = Paths::available().collect();
    let compare = |size: (usize, usize)| {
        for (name, world, pose) in &scenes {
            let want = frame(world, &art, *pose, size, Paths::Scalar);
            for &p in &paths[1..] {
                let got = frame(world, &art, *pose, size, p);
                if let Some(i) =
                    (0..want.len() / 4).find(|&i| got[i * 4..][..4] != want[i * 4..][..4])
                {
                    panic!(
                        "{name} at {size:?}: {} differs from scalar first at ({}, {}): {:?} not {:?}",
                        p.name(),
                        i % size.0,
                        i / size.0,
                        &got[i * 4..][..4],
                        &want[i * 4..][..4]
                    );
                }
            }
        }
    };
    for size in [(320, 180), (333, 187), (640, 360), (61, 35)] {
        compare(size);
    }
    // Past 1024 wide, the walls of a band taller than 24 rows are painted
    // in blocks of rows on some paths and in one on others: on one thread,
    // 300 rows make one band on any machine.
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    one.install(|| compare((1100, 300)));
}

/// A workspace that drew other frames before (other scenes, sizes and
/// numbers of threads, so that each of the two sets of columns it takes
/// in turn holds another frame's) paints what a fresh one paints.
#[test]
fn a_workspace_that_drew_other_frames_paints_what_a_fresh_one_paints() {
    let art = Art::load(&root().join("assets/sprites")).unwrap();
    let default = load("maps/default.map");
    let hangar = load("maps/hangar.map");
    let hud = full_hud();
    // The level, the pose, the size and the threads of each draw.
    let draws = [
        (&default, POSES[0], (320, 180), 2),
        (&hangar, POSES[1], (200, 120), 1),
        (&default, POSES[2], (333, 97), 2),
        (&default, NEAR_WALL, (320, 180), 1),
        (&hangar, POSES[0], (333, 97), 2),
        (&default, POSES[1], (200, 120), 2),
        (&default, POSES[2], (320, 180), 1),
    ];
    let best = Paths::best();
    let mut ws = Workspace::default();
    for (i, &(world, pose, (w, h), threads)) in draws.iter().enumerate() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut got = vec![0u8; w * h * 4];
        pool.install(|| {
            render::draw_in(
                &mut ws,
                &render::Scene {
                    world: &world.0,
                    view: &View::from_pose(pose),
                    hud: &hud,
                    art: &art,
                    map_art: &world.1,
                },
                render::Frame::new(&mut got, w, h),
            )
        });
        let want = pool.install(|| frame(world, &art, pose, (w, h), best));
        assert!(got == want, "draw {i} at {w}x{h} on {threads} threads");
    }
}

/// A HUD with every part drawn and the status bar's text formatted.
fn full_hud() -> Hud {
    Hud {
        minimap: true,
        fps: Some(60.0),
        parts: wobblecaster::render::Parts {
            status_bar: true,
            crosshair: true,
            readout: true,
        },
        goal: wobblecaster::render::GoalShown::EnemiesLeft(3),
        clock: Some(1234),
        ..Hud::default()
    }
}
