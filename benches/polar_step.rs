//! Is the polar step cheaper than a Cartesian one? Article 000 closes on
//! that question: "sine and cosine are both slower than square roots".
//!
//! Two groups, each timing 1024 operations per iteration (criterion's
//! `thrpt` in Melem/s gives operations per microsecond; 1000 / thrpt is
//! nanoseconds per operation):
//! - `step`: the polar model's step against the same dynamics on a Cartesian
//!   velocity (exact rotation and second-order small-angle rotation), over
//!   one recorded sequence of 1024 inputs, each tick reading the last.
//! - `math`: `sin_cos` against `sqrt`, in f64 and f32, on black-boxed inputs
//!   in the ranges the steps use.
//!
//! Run: `cargo bench --bench polar_step`.

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use std::f64::consts::PI;
use std::hint::black_box;
use std::time::Duration;
use wobblecaster::bench::cartesian::{self, CartesianInput, CartesianState};
use wobblecaster::sim::polar::{self, PolarInput, PolarState, PolarTunables};
use wobblecaster::sim::Rng;

/// Inputs (and values) per iteration.
const N: usize = 1024;
/// The simulation's tick, in seconds.
const DT: f64 = 1.0 / 120.0;

/// 1024 polar inputs from a run with random held keys (a new key set every
/// 32 ticks) and a turning heading: pushes, strafes, reversals and coasting.
fn polar_inputs(tun: &PolarTunables) -> Vec<PolarInput> {
    let mut rng = Rng::new(1);
    let mut state = PolarState::default();
    let (mut heading, mut keys) = (0.0, [0.0; 3]);
    (0..N)
        .map(|tick| {
            if tick % 32 == 0 {
                keys = [key(&mut rng), key(&mut rng), 3.0 * key(&mut rng)];
            }
            let [forward, right, turn] = keys;
            heading += turn * DT;
            let input = polar::drive(&state, heading, forward, right, DT, tun);
            state = polar::step(state, input, DT, tun);
            input
        })
        .collect()
}

/// -1, 0 or 1.
fn key(rng: &mut Rng) -> f64 {
    (rng.next_f64() * 3.0).floor() - 1.0
}

/// `n` values spread over [lo, hi).
fn spread(rng: &mut Rng, n: usize, lo: f64, hi: f64) -> Vec<f64> {
    (0..n).map(|_| lo + (hi - lo) * rng.next_f64()).collect()
}

fn steps(c: &mut Criterion) {
    let tun = PolarTunables::default();
    let inputs = polar_inputs(&tun);
    let cartesian_inputs: Vec<_> = inputs
        .iter()
        .map(|&i| CartesianInput::from_polar(i))
        .collect();
    let mut group = c.benchmark_group("step");
    group.throughput(Throughput::Elements(N as u64));
    bench_run(
        &mut group,
        "polar",
        &tun,
        PolarState::default(),
        &inputs,
        polar::step,
    );
    let start = CartesianState::default();
    bench_run(
        &mut group,
        "cartesian",
        &tun,
        start,
        &cartesian_inputs,
        cartesian::step,
    );
    bench_run(
        &mut group,
        "cartesian_small_angle",
        &tun,
        start,
        &cartesian_inputs,
        cartesian::step_small_angle,
    );
    group.finish();
}

/// Times `step` over all of `inputs` from `start`, each tick reading the
/// last, as a game's ticks do.
fn bench_run<S: Copy, I: Copy>(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    tun: &PolarTunables,
    start: S,
    inputs: &[I],
    step: impl Fn(S, I, f64, &PolarTunables) -> S,
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            let tun = black_box(tun);
            let run = black_box(inputs).iter();
            run.fold(black_box(start), |s, &i| step(s, i, DT, tun))
        })
    });
}

fn math(c: &mut Criterion) {
    let mut rng = Rng::new(2);
    // The polar step's angle deltas, the Cartesian step's turns per tick,
    // and squared speeds (tiles^2 / s^2).
    let deltas = spread(&mut rng, N, -PI, PI);
    let turns = spread(&mut rng, N, -0.25, 0.25);
    let squares = spread(&mut rng, N, 0.0, 16.0);
    let mut group = c.benchmark_group("math");
    group.throughput(Throughput::Elements(N as u64));
    bench_each(&mut group, "sin_cos_f64_delta", &deltas, f64::sin_cos);
    bench_each(&mut group, "sin_cos_f64_small_turn", &turns, f64::sin_cos);
    bench_each(&mut group, "sqrt_f64", &squares, f64::sqrt);
    let narrow = |v: &[f64]| v.iter().map(|&x| x as f32).collect::<Vec<f32>>();
    bench_each(
        &mut group,
        "sin_cos_f32_delta",
        &narrow(&deltas),
        f32::sin_cos,
    );
    bench_each(&mut group, "sqrt_f32", &narrow(&squares), f32::sqrt);
    group.finish();
}

/// Times `f` on each of `values`, every input and result black-boxed.
fn bench_each<T: Copy, R>(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    values: &[T],
    f: impl Fn(T) -> R,
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            for &x in black_box(values) {
                black_box(f(black_box(x)));
            }
        })
    });
}

/// Short runs: the whole bench takes well under a minute.
fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30)
        .without_plots()
}

criterion_group! {
    name = benches;
    config = config();
    targets = steps, math
}
criterion_main!(benches);
