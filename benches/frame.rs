//! The frame and the tick under criterion: a full 1920x1080 frame of the
//! default map (walls, floor, ceiling, sprites, HUD) on one core and on all
//! of them, the face against a wall, and the world tick with 100 walkers,
//! 10 tanks and 1000 particles. `wobblecaster bench` prints the same kind
//! of figures as one table; this is the statistician's view of them.
//!
//! Run: `cargo bench --bench frame`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;
use std::time::Duration;
use wobblecaster::bench::{self, crowd, draw_from, NEAR_WALL, POSES};
use wobblecaster::render::Workspace;
use wobblecaster::sim::{Controls, Pose, Tunables, World};
use wobblecaster::sprites::Art;

// As the game and the bench: the frame on a cache line (see
// `wobblecaster::allocator`).
#[global_allocator]
static ALLOC: wobblecaster::allocator::LineAligned = wobblecaster::allocator::LineAligned;

const SIZE: (usize, usize) = (1920, 1080);

fn frames(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let loaded = wobblecaster::map::load(&root.join("maps/default.map")).unwrap();
    let world = World::new(loaded.map, Tunables::default(), 1);
    let art = Art::load(&root.join("assets/sprites")).unwrap();
    let hud = bench::hud();
    let (w, h) = SIZE;
    let mut frame = vec![0u8; w * h * 4];
    let mut ws = Workspace::default();
    let mut draw = |pose: Pose| {
        let scene = (&world, &art, &loaded.art);
        draw_from(&mut ws, scene, &hud, pose, (&mut frame, w, h));
    };
    let mut group = c.benchmark_group("frame_1920x1080");
    group.measurement_time(Duration::from_secs(4));
    group.bench_function("all_cores", |b| b.iter(|| draw(POSES[1])));
    group.bench_function("near_wall_all_cores", |b| b.iter(|| draw(NEAR_WALL)));
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    group.bench_function("one_core", |b| b.iter(|| one.install(|| draw(POSES[1]))));
    group.finish();
}

fn ticks(c: &mut Criterion) {
    let mut world = crowd(100, 10);
    let still = Controls::default();
    for _ in 0..120 {
        world.step(&still);
    }
    c.bench_function("tick_100w_10t", |b| b.iter(|| world.step(&still)));
}

criterion_group!(benches, frames, ticks);
criterion_main!(benches);
