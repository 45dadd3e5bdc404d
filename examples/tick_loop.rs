//! Ticks the bench's heaviest crowd (1000 walkers, 100 tanks and 10,000
//! exhaust particles in the measured hall) over and over for a few seconds
//! and prints the tick time: a steady loop to profile or to compare two
//! builds, with nothing else in it.
//!
//! Run: `CARGO_PROFILE_RELEASE_DEBUG=true cargo build --release --example
//! tick_loop`, then `perf record -e cpu-clock target/release/examples/tick_loop`
//! and `perf report` (see PERF.md). Arguments: the seconds (default 8) and
//! the threads (default all this machine has); several, as in `1,2`, take
//! turns round by round, so that whatever else the machine does slows them
//! alike. Each round is 20 ticks; each thread count gets its median and
//! minimum tick. Every thread count ticks its own copy of the same world,
//! so all of them tick the same states.

use std::time::Instant;
use wobblecaster::bench::{self, crowd_in_exhaust, Timing};
use wobblecaster::sim::Controls;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let arg = |i: usize| std::env::args().nth(i);
    let seconds = bench::loop_seconds(arg(1), 8.0)?;
    let all = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (threads, pools) = bench::loop_pools(arg(2), all)?;
    let still = Controls::default();
    let mut worlds: Vec<_> = pools
        .iter()
        .map(|pool| {
            let mut world = crowd_in_exhaust(1000, 100, 10_000);
            // A second to spread out, as the bench's tick rows have.
            pool.install(|| (0..120).for_each(|_| world.step(&still)));
            world
        })
        .collect();
    let mut rounds: Vec<Vec<f64>> = vec![Vec::new(); pools.len()];
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        for ((pool, world), ms) in pools.iter().zip(&mut worlds).zip(&mut rounds) {
            pool.install(|| {
                let round = Instant::now();
                for _ in 0..20 {
                    world.step(&still);
                }
                ms.push(round.elapsed().as_secs_f64() * 1000.0 / 20.0);
            });
        }
    }
    for (n, ms) in threads.iter().zip(rounds) {
        let timing = Timing::of(&ms);
        println!(
            "{} ticks of 1000 walkers, 100 tanks, 10,000 particles on {n} thread(s): \
             median {:.3} ms, min {:.3} ms",
            ms.len() * 20,
            timing.median,
            timing.min
        );
    }
    Ok(())
}
