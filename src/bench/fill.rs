//! The fill reference: how long it takes only to write every pixel of an
//! RGBA frame once, on plain scoped threads, each writing one contiguous
//! share. A frame can be no faster than this, so a frame's time over the
//! fill's says how much of it is the renderer's own work.
//!
//! No rayon here: the reference must not share the renderer's scheduler
//! (its bands, its work stealing, its wake-ups), or a change to those would
//! move the frame and its yardstick together. The threads are started once
//! per measurement and held at a spinning start line between runs, so a
//! run times the writes and one hand-off, not the starting of threads.

use super::Timing;
use std::hint::{black_box, spin_loop};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Spins on a flag this many times before yielding the core: a few
/// microseconds, long enough for a hand-off between two running threads.
/// Longer spins cost a run their whole length when the other thread waits
/// for a core another program holds (2,000 spins of a Zen 4 core's `pause`,
/// about 50 us, read as the fill time of every run then).
const SPINS_BEFORE_YIELD: u32 = 200;

/// The RGBA colour of run `run`: it changes from run to run, so no write
/// is the same as the one before and none can be left out.
pub fn colour(run: usize) -> [u8; 4] {
    let v = (run % 251) as u8;
    [v, v ^ 0x5a, v.wrapping_mul(3), 255]
}

/// The times of filling `frame` (RGBA, whole pixels) `runs` times, each
/// run on `threads` threads each writing one contiguous share of the
/// pixels (the calling thread the first), in milliseconds; afterwards every
/// pixel holds [`colour`]`(runs)`. Each run is timed from the start signal
/// to the last share's end.
///
/// # Panics
/// If `frame` is not whole pixels, `threads` is 0 or `runs` is 0.
pub fn fill_times(frame: &mut [u8], threads: usize, runs: usize) -> Vec<f64> {
    assert!(threads > 0 && runs > 0, "{threads} threads, {runs} runs");
    let (pixels, rest) = frame.as_chunks_mut::<4>();
    assert!(rest.is_empty(), "a frame of whole RGBA pixels");
    let share = pixels.len().div_ceil(threads).max(1);
    let mut shares = pixels.chunks_mut(share);
    let mine = shares.next().unwrap_or_default();
    // `go` is the run the threads may start; `done` counts the shares
    // finished, over all runs.
    let (go, done) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let mut times = Vec::with_capacity(runs);
    std::thread::scope(|s| {
        let helpers = shares.len();
        for theirs in shares {
            let (go, done) = (&go, &done);
            s.spawn(move || {
                for run in 1..=runs {
                    wait_until(|| go.load(Ordering::Acquire) >= run);
                    write_share(theirs, run);
                    done.fetch_add(1, Ordering::Release);
                }
            });
        }
        for run in 1..=runs {
            let start = Instant::now();
            go.store(run, Ordering::Release);
            write_share(mine, run);
            wait_until(|| done.load(Ordering::Acquire) >= helpers * run);
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
    });
    times
}

/// Writes run `run`'s colour into every pixel of `share`, and tells the
/// compiler the pixels are read.
fn write_share(share: &mut [[u8; 4]], run: usize) {
    share.fill(colour(run));
    black_box(share);
}

/// Spins until `ready`, yielding the core now and then.
fn wait_until(ready: impl Fn() -> bool) {
    let mut spins = 0u32;
    while !ready() {
        spins += 1;
        if spins < SPINS_BEFORE_YIELD {
            spin_loop();
        } else {
            spins = 0;
            std::thread::yield_now();
        }
    }
}

/// The median and quickest time to fill a `w` x `h` RGBA frame on
/// `threads` threads, one contiguous share each; milliseconds.
pub fn fill((w, h): (usize, usize), threads: usize) -> Timing {
    let mut frame = vec![0u8; w * h * 4];
    // About 5 ms of writing at this machine's speed for the big frames, so
    // a quiet moment is caught; more runs for the small ones.
    let runs = (200_000_000 / (w * h).max(1)).clamp(61, 401) | 1;
    Timing::of(&fill_times(&mut frame, threads, runs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pixel_of_every_share_holds_the_last_runs_colour() {
        // 7 pixels in 3 shares of 3, 3 and 1: the last share is short.
        for (pixels, threads) in [(7, 3), (7, 1), (1, 4), (64, 2), (5, 5)] {
            let mut frame = vec![0u8; pixels * 4];
            let times = fill_times(&mut frame, threads, 9);
            assert_eq!(times.len(), 9);
            assert!(times.iter().all(|t| *t >= 0.0 && t.is_finite()));
            let (written, _) = frame.as_chunks::<4>();
            assert!(
                written.iter().all(|p| *p == colour(9)),
                "{pixels} pixels on {threads} threads"
            );
        }
    }

    #[test]
    fn the_colour_changes_from_one_run_to_the_next() {
        for run in 0..1000 {
            assert_ne!(colour(run), colour(run + 1), "run {run}");
            assert_eq!(colour(run)[3], 255, "opaque");
        }
    }

    #[test]
    fn a_fill_times_something() {
        let t = fill((64, 36), 2);
        assert!(t.min > 0.0 && t.min <= t.median, "{t:?}");
    }
}
