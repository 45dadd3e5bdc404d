//! Draws the bench's three 1920x1080 frames of the default map over and
//! over on one thread for a few seconds and prints the mean frame time: a
//! steady loop to profile, with nothing else in it.
//!
//! Run: `CARGO_PROFILE_RELEASE_DEBUG=true cargo build --release --example
//! frame_loop`, then `perf record target/release/examples/frame_loop` and
//! `perf report` (see PERF.md). An argument sets the seconds (default 8).

use std::path::Path;
use std::time::Instant;
use wobblecaster::bench::POSES;
use wobblecaster::render::{self, Hud, View, Workspace};
use wobblecaster::sim::{Tunables, World};
use wobblecaster::sprites::Art;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds: f64 = match std::env::args().nth(1) {
        Some(arg) => arg.parse()?,
        None => 8.0,
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let loaded = wobblecaster::map::load(&root.join("maps/default.map"))?;
    let world = World::new(loaded.map, Tunables::default(), 1);
    let art = Art::load(&root.join("assets/sprites"))?;
    let hud = Hud {
        fps: Some(60.0),
        minimap: true,
        ..Hud::default()
    };
    let (w, h) = (1920, 1080);
    let mut frame = vec![0u8; w * h * 4];
    let mut ws = Workspace::default();
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
    let start = Instant::now();
    let mut frames = 0u32;
    one.install(|| {
        while start.elapsed().as_secs_f64() < seconds {
            for pose in POSES {
                let view = View::from_pose(pose);
                render::draw_in(
                    &mut ws,
                    &render::Scene {
                        world: &world,
                        view: &view,
                        hud: &hud,
                        art: &art,
                        map_art: &loaded.art,
                    },
                    render::Frame::new(&mut frame, w, h),
                );
                frames += 1;
            }
        }
    });
    let ms = start.elapsed().as_secs_f64() * 1000.0 / f64::from(frames);
    println!("{frames} frames of {w}x{h} on one thread: {ms:.3} ms each");
    Ok(())
}
