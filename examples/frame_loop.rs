//! Draws the bench's three frames of the default map (with their exhaust
//! clouds) over and over on one thread for a few seconds and prints the
//! frame time: a steady loop to profile, with nothing else in it, or to
//! compare the renderer's paths.
//!
//! Run: `CARGO_PROFILE_RELEASE_DEBUG=true cargo build --release --example
//! frame_loop`, then `perf record target/release/examples/frame_loop` and
//! `perf report` (see PERF.md). Arguments: the seconds (default 8), the
//! size (default 1920x1080) and the renderer's paths (default the widest
//! this processor has), as in `frame_loop 8 640x360 sse2`. Several paths,
//! as in `sse2,avx2`, take turns round by round (a round is the three
//! frames), so that whatever else the machine does slows them alike; each
//! gets its median and minimum. A fourth argument draws on that many
//! threads instead of one; several, as in `1,2`, take turns too. Each
//! pool draws an untimed frame when its turn comes, then the paths, in
//! the order of the list one round and in reverse the next. A fifth
//! argument rolls the three views by that many degrees, as in
//! `frame_loop 8 1920x1080 avx2 2 2` (Quake's full strafe roll).

use std::path::Path;
use std::time::Instant;
use wobblecaster::bench::{self, draw_from, with_exhaust, Timing, POSES};
use wobblecaster::render::{Paths, Workspace};
use wobblecaster::sim::{Tunables, World};
use wobblecaster::sprites::Art;

// As the game and the bench: the frame on a cache line (see
// `wobblecaster::allocator`).
#[global_allocator]
static ALLOC: wobblecaster::allocator::LineAligned = wobblecaster::allocator::LineAligned;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let arg = |i: usize| std::env::args().nth(i);
    let seconds = bench::loop_seconds(arg(1), 8.0)?;
    let (w, h): (usize, usize) = match arg(2) {
        Some(arg) => {
            let (w, h) = arg.split_once('x').ok_or("a size is WIDTHxHEIGHT")?;
            (w.parse()?, h.parse()?)
        }
        None => (1920, 1080),
    };
    if !(1..=8192).contains(&w) || !(1..=8192).contains(&h) {
        return Err("a size is 1 to 8192 pixels each way".into());
    }
    let paths: Vec<Paths> = match arg(3) {
        Some(names) => names
            .split(',')
            .map(|name| {
                Paths::available()
                    .find(|p| p.name() == name)
                    .ok_or_else(|| format!("no paths {name:?} on this processor"))
            })
            .collect::<Result<_, _>>()?,
        None => vec![Paths::best()],
    };
    let (threads, pools) = bench::loop_pools(arg(4), 1)?;
    let roll: f64 = match arg(5) {
        Some(degrees) => degrees.parse::<f64>()?.to_radians(),
        None => 0.0,
    };
    if !roll.is_finite() {
        return Err("a roll is a number of degrees".into());
    }
    let poses = POSES.map(|p| wobblecaster::sim::Pose { roll, ..p });
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let loaded = wobblecaster::map::load(&root.join("maps/default.map"))?;
    // The bench's scene: the map and a cloud of exhaust before each pose.
    let world = with_exhaust(&World::new(loaded.map, Tunables::default(), 1), &POSES);
    let art = Art::load(&root.join("assets/sprites"))?;
    let hud = bench::hud();
    let mut frame = vec![0u8; w * h * 4];
    let mut ws = Workspace::default();
    // Per paths, then per pool, the time of each round of the three poses.
    let mut rounds: Vec<Vec<Vec<f64>>> = vec![vec![Vec::new(); pools.len()]; paths.len()];
    let scene = (&world, &art, &loaded.art);
    let start = Instant::now();
    let mut forwards = true;
    while start.elapsed().as_secs_f64() < seconds {
        for (t, pool) in pools.iter().enumerate() {
            pool.install(|| {
                // An untimed frame first: the first frame a pool draws
                // after another pool ran was slower, whatever drew it (on
                // two cores at 640x360, a median a fifth above the third
                // of three identical runs).
                draw_from(&mut ws, scene, &hud, poses[0], (&mut frame, w, h));
                // The paths in turn, forwards one round and backwards the
                // next, so that none always follows the same one.
                for k in 0..paths.len() {
                    let j = if forwards { k } else { paths.len() - 1 - k };
                    ws.use_paths(paths[j]);
                    let round = Instant::now();
                    for pose in poses {
                        draw_from(&mut ws, scene, &hud, pose, (&mut frame, w, h));
                    }
                    let ms = round.elapsed().as_secs_f64() * 1000.0 / POSES.len() as f64;
                    rounds[j][t].push(ms);
                }
            });
        }
        forwards = !forwards;
    }
    // Every run has a round: the loop above runs each once at least.
    for (p, per_pool) in paths.iter().zip(rounds) {
        for (threads, ms) in threads.iter().zip(per_pool) {
            let timing = Timing::of(&ms);
            println!(
                "{} frames of {w}x{h} on {threads} thread(s), {}: median {:.3} ms, min {:.3} ms",
                ms.len() * POSES.len(),
                p.name(),
                timing.median,
                timing.min
            );
        }
    }
    Ok(())
}
