//! Prints a hash of many frames of the default map, one line per size and
//! renderer path: the bench's three scenes (with their exhaust clouds) and
//! forty more views turned, tilted and raised from them. A change meant to
//! make the renderer faster, not different, prints the same lines before
//! and after it: run `cargo run --release --example frame_hash` on both
//! and `diff` the output. (The tests compare the paths with each other and
//! a few golden images; this compares a build with the last one, over
//! more views than the tests draw.)

use std::path::Path;
use wobblecaster::bench::{self, draw_from, with_exhaust, POSES};
use wobblecaster::render::{Paths, Workspace};
use wobblecaster::sim::{Pose, Tunables, World};
use wobblecaster::sprites::Art;

/// The sizes drawn: small, the bench's smallest, one of odd sizes, 1080p.
const SIZES: [(usize, usize); 4] = [(160, 90), (640, 360), (333, 201), (1920, 1080)];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let loaded = wobblecaster::map::load(&root.join("maps/default.map"))?;
    let mut poses: Vec<Pose> = POSES.to_vec();
    for i in 0..40 {
        let k = i as f64;
        let from = POSES[i % POSES.len()];
        poses.push(Pose {
            yaw: from.yaw + k * 0.157,
            pitch: (k * 0.37).sin() * 0.3,
            z: from.z + (k * 0.7).sin() * 0.3,
            ..from
        });
    }
    let world = with_exhaust(&World::new(loaded.map, Tunables::default(), 1), &poses);
    let art = Art::load(&root.join("assets/sprites"))?;
    let hud = bench::hud();
    for (w, h) in SIZES {
        for paths in Paths::available() {
            let mut frame = vec![0u8; w * h * 4];
            let mut ws = Workspace::default();
            ws.use_paths(paths);
            // FNV-1a over every byte of every frame, in order.
            let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
            for &pose in &poses {
                let scene = (&world, &art, &loaded.art);
                draw_from(&mut ws, scene, &hud, pose, (&mut frame, w, h));
                for &b in &frame {
                    hash = (hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
                }
            }
            println!("{w}x{h} {} {hash:016x}", paths.name());
        }
    }
    Ok(())
}
