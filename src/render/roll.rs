//! The view's roll: a raycaster casts level rays, so a rolled camera is
//! the level picture turned the other way about the frame's centre (the
//! HUD goes on over it, level, on each band of the frame once it is
//! whole).
//!
//! The turn is three shears (Paeth, "A fast algorithm for general raster
//! rotation", 1986): a rotation by `φ` is a shear along the rows by
//! `-tan(φ/2)`, one along the columns by `sin φ`, and the first again.
//! Each shear moves a whole row or column by a whole number of pixels, so
//! the three together cut each row of the level picture into a few runs,
//! each copied as it is to a row of the turned frame: the middle shear's
//! moves change only every `1 / sin φ` columns (29 at Quake's 2 degrees).
//! A pixel's source is within about a pixel of the exact turn's (the
//! tests bound it), and no pixel of the level picture is doubled or lost
//! inside the frame.
//!
//! The level picture is never whole: each thread paints a band of it
//! into a buffer of its own and sends the band's runs to their places in
//! the frame while the band is in that core's cache. The frame is then
//! written once, as a level view's is (PERF.md entry 153).

use super::bands::Band;
use super::Paths;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed, Ordering::SeqCst};

/// What a frame's turn needs, kept between frames so that turning
/// allocates nothing once it has run at a size.
#[derive(Debug, Default)]
pub(super) struct Turn {
    tables: Tables,
    /// Each thread's band of the level picture.
    asides: Vec<Aside>,
    /// Whether each band of the level picture is sent.
    sent: Vec<AtomicBool>,
    /// Whether a thread has taken each band of the frame to draw over.
    over: Vec<AtomicBool>,
}

/// A thread's band of the level picture and the flats' masks of its
/// rows.
#[derive(Debug, Default)]
struct Aside {
    pixels: Vec<[u8; 4]>,
    masks: Vec<u64>,
}

/// The shears' moves for a frame.
#[derive(Debug, Default)]
struct Tables {
    /// Each row's move along itself in the first shear.
    firsts: Vec<i32>,
    /// Each row's move along itself in the last shear, from the highest
    /// row the middle shear reaches (above the frame's top if it is
    /// rolled).
    lasts: Vec<i32>,
    /// The middle shear's runs of columns that move alike, from left to
    /// right, from the first column any row reaches to past the last.
    runs: Vec<Run>,
    /// Where each turned row's column 0 of the once-sheared picture
    /// falls in the frame: its first pixel's place less its first move.
    origins: Vec<isize>,
}

/// Columns `start` to `end` (not included) of the once-sheared picture,
/// which the middle shear moves down by `down` rows (up if negative).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    start: i32,
    end: i32,
    down: i32,
}

/// A turn's three shears for one frame, read by every band.
#[derive(Clone, Debug)]
pub(super) struct Shears<'a> {
    firsts: &'a [i32],
    runs: &'a [Run],
    lasts: &'a [i32],
    origins: &'a [isize],
    /// The runs every row sends whole, in the frame and from within its
    /// row of the level picture (see [`Shears::send`]).
    inner: std::ops::Range<usize>,
    /// The sheared rows all of whose runs land in the frame.
    landing: std::ops::Range<i32>,
    /// The rows the middle shear reaches: from `top` (0 or
    /// above the frame) to `bottom` (the frame's height or below it).
    top: i32,
    bottom: i32,
    width: usize,
    height: usize,
    /// A turn past a right angle: a half turn (each row read backwards
    /// from the mirrored row) after the shears' turn by the rest.
    half_turn: bool,
}

/// How far a shear by `factor` moves the row or column at `offset`
/// pixels (a pixel's centre) from the frame's centre line: to the
/// nearest whole pixel.
fn moved(factor: f64, offset: f64) -> i32 {
    // Any frame's offsets fit an i32 many times over.
    (factor * offset).round() as i32
}

/// Draws a view rolled right by `roll` radians into `frame` (`width` x
/// `height`), on `threads` threads of the pool in force: `paint` paints
/// each band of the level picture, in bands of `band_rows` rows (with
/// `words` mask words a row), into a buffer of the thread's own; the band
/// is sent to its places in the frame; and `over` draws what goes over
/// the turned picture (the HUD, level) on each band of the frame's rows
/// as soon as every band that sends to it is sent, while its lines are
/// still in a cache (PERF.md entry 153).
pub(super) fn draw(
    turn: &mut Turn,
    (frame, width, height): (&mut [[u8; 4]], usize, usize),
    roll: f64,
    (band_rows, words, threads): (usize, usize, usize),
    paths: Paths,
    (paint, over): (impl Fn(Band) + Sync, impl Fn(&mut [[u8; 4]], usize) + Sync),
) {
    use rayon::prelude::*;
    let Turn {
        tables,
        asides,
        sent,
        over: overs,
    } = turn;
    let shears = tables.shears((width, height), roll);
    let out = Out::new(frame, (width, height), shears.half_turn);
    let band_rows = band_rows.max(1);
    let threads = threads.max(1);
    let bands = height.div_ceil(band_rows);
    asides.resize_with(threads, Aside::default);
    let next = AtomicUsize::new(0);
    for flags in [&mut *sent, &mut *overs] {
        flags.resize_with(bands, AtomicBool::default);
        flags.iter_mut().for_each(|f| *f.get_mut() = false);
    }
    let (sent, overs) = (&sent[..], &overs[..]);
    // Each band of the frame whose sending bands are all sent, and which
    // no thread has taken yet, taken and drawn over. (The flags are
    // sequentially consistent: two threads sending the last two bands at
    // once each see the other's, or one of them does.)
    let draw_over = || {
        for (band, taken) in overs.iter().enumerate() {
            let y0 = band * band_rows;
            let rows = band_rows.min(height - y0);
            let ready = || {
                shears
                    .sending(y0..y0 + rows, band_rows)
                    .all(|k| sent[k].load(SeqCst))
            };
            if !taken.load(SeqCst) && ready() && !taken.swap(true, SeqCst) {
                // SAFETY: every band that sends to these rows is sent, so
                // no thread writes them any more, and this thread took
                // them, so no other reads or writes them.
                unsafe { out.with_rows(y0, rows, |rows| over(rows, y0)) };
            }
        }
    };
    let share = |aside: &mut Aside| {
        aside.pixels.resize(band_rows * width, [0; 4]);
        aside.masks.resize(band_rows * words, 0);
        // The bands from the top down, each to the first thread free:
        // the frame's bands then become whole from the top down too.
        loop {
            let band = next.fetch_add(1, Relaxed);
            if band >= bands {
                break;
            }
            let y0 = band * band_rows;
            let rows = band_rows.min(height - y0);
            let pixels = &mut aside.pixels[..rows * width];
            let masks = &mut aside.masks[..rows * words];
            paint(Band { y0, pixels, masks });
            shears.send(&aside.pixels[..rows * width], y0, &out, paths);
            sent[band].store(true, SeqCst);
            draw_over();
        }
    };
    if threads == 1 {
        // On the calling thread, as a level view's one band.
        asides.iter_mut().for_each(share);
    } else {
        asides.par_iter_mut().with_max_len(1).for_each(share);
    }
    debug_assert!(
        overs.iter().all(|taken| taken.load(SeqCst)),
        "every band drawn over"
    );
}

impl Tables {
    /// The shears that turn a `width` x `height` level picture for a view
    /// rolled right by `roll` radians (the horizon rises on the right):
    /// each row's first and last move and the middle shear's runs, worked
    /// out for the frame.
    fn shears(&mut self, (width, height): (usize, usize), roll: f64) -> Shears<'_> {
        use std::f64::consts::{PI, TAU};
        // The roll within a half turn each way; past a right angle, the
        // shears take what is left after a half turn (their factors grow
        // without bound near one).
        let mut phi = roll;
        if !(-PI..=PI).contains(&phi) {
            phi = roll.rem_euclid(TAU);
            if phi > PI {
                phi -= TAU;
            }
        }
        let half_turn = phi.abs() > PI / 2.0;
        if half_turn {
            phi -= PI.copysign(phi);
        }
        let (along, across) = (-(phi / 2.0).tan(), phi.sin());
        let (cx, cy) = (width as f64 / 2.0, height as f64 / 2.0);
        // Room for every row's moves and for a run at every column any
        // row reaches: the first shear moves a row half the height at
        // most each way, the middle one a column half the columns the
        // rows reach. No allocation after the first frame at a size,
        // whatever the roll.
        self.firsts.clear();
        self.firsts.reserve(height);
        self.runs.clear();
        self.runs.reserve(width + height + 3);
        self.lasts.clear();
        self.lasts.reserve(width + 2 * height + 3);
        self.firsts
            .extend((0..height).map(|y| moved(along, y as f64 + 0.5 - cy)));
        // The columns the rows reach once moved: every row's `width`
        // pixels, from its move on.
        let (start, end) = self.firsts.iter().fold((0, width as i32), |(lo, hi), &m| {
            (m.min(lo), (m + width as i32).max(hi))
        });
        for x in start..end {
            let down = moved(across, x as f64 + 0.5 - cx);
            match self.runs.last_mut() {
                Some(run) if run.down == down => run.end = x + 1,
                _ => self.runs.push(Run {
                    start: x,
                    end: x + 1,
                    down,
                }),
            }
        }
        // The rows the middle shear reaches: every row, moved as far as
        // a run moves it.
        let (up, down) = self.runs.iter().fold((0, 0), |(up, down), run| {
            (run.down.min(up), run.down.max(down))
        });
        let (top, bottom) = (up, height as i32 + down);
        self.lasts
            .extend((top..bottom).map(|y| moved(along, y as f64 + 0.5 - cy)));
        self.origins.clear();
        self.origins.reserve(height);
        self.origins.extend(
            (self.firsts.iter().enumerate())
                .map(|(y, &first)| (y * width) as isize - first as isize),
        );
        // The runs within every row's columns after its first move, and
        // that read within the level picture's row after any last move.
        let span = |moves: &[i32]| {
            let (lo, hi) = moves
                .iter()
                .fold((0, 0), |(lo, hi), &m| (m.min(lo), m.max(hi)));
            (lo, hi)
        };
        let ((first_lo, first_hi), (last_lo, last_hi)) = (span(&self.firsts), span(&self.lasts));
        let (left, right) = (
            first_hi.max(-last_lo),
            width as i32 + first_lo.min(-last_hi),
        );
        let inner_start = self.runs.partition_point(|run| run.start < left);
        let inner_end = self
            .runs
            .partition_point(|run| run.end <= right)
            .max(inner_start);
        Shears {
            firsts: &self.firsts,
            runs: &self.runs,
            lasts: &self.lasts,
            origins: &self.origins,
            inner: inner_start..inner_end,
            landing: down..height as i32 + up,
            top,
            bottom,
            width,
            height,
            half_turn,
        }
    }
}

impl Shears<'_> {
    /// Sends the level picture's rows `rows` (whole rows from row `y0`)
    /// to their places in the turned frame `out`: each row's runs, and
    /// for the frame's first and last rows the runs the middle shear
    /// brings from past the frame's edge, where the edge row stands in.
    fn send(&self, rows: &[[u8; 4]], y0: usize, out: &Out, paths: Paths) {
        #[cfg(target_arch = "x86_64")]
        if paths == Paths::Avx2 {
            // SAFETY: the paths run here (`Paths::runs_here`, checked
            // when they were chosen).
            return unsafe { self.send_avx2(rows, y0, out) };
        }
        let _ = paths;
        self.send_on_any(rows, y0, out);
    }

    /// [`Shears::send`] with the runs copied 32 bytes at a time.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn send_avx2(&self, rows: &[[u8; 4]], y0: usize, out: &Out) {
        self.send_on_any(rows, y0, out);
    }

    /// [`Shears::send`] on the instructions the caller was built for.
    #[inline(always)]
    fn send_on_any(&self, rows: &[[u8; 4]], y0: usize, out: &Out) {
        let height = self.height as i32;
        let (y0, n) = (y0 as i32, (rows.len() / self.width) as i32);
        if n == 0 {
            return;
        }
        let from = if y0 == 0 { self.top } else { y0 };
        let to = if y0 + n == height {
            self.bottom
        } else {
            y0 + n
        };
        for sheared in from..to {
            let at = (sheared.clamp(y0, y0 + n - 1) - y0) as usize * self.width;
            let line = &rows[at..at + self.width];
            let last = self.lasts[(sheared - self.top) as usize];
            if self.half_turn || !self.landing.contains(&sheared) {
                for run in self.runs {
                    self.send_run(run, (sheared, line, last), out);
                }
                continue;
            }
            // Most runs land whole in the frame and read whole from the
            // line: each a copy to where its row starts, with nothing
            // to cut (PERF.md entry 153).
            let (before, rest) = self.runs.split_at(self.inner.start);
            let (inner, after) = rest.split_at(self.inner.len());
            for run in before {
                self.send_run(run, (sheared, line, last), out);
            }
            for run in inner {
                let y = (sheared - run.down) as usize;
                let at = (self.origins[y] + run.start as isize) as usize;
                let from = (run.start + last) as usize..(run.end + last) as usize;
                out.copy_at(at, &line[from]);
            }
            for run in after {
                self.send_run(run, (sheared, line, last), out);
            }
        }
    }

    /// The bands of `band_rows` rows of the level picture that send to
    /// the frame's rows `rows`: those holding the sheared rows the middle
    /// shear brings to them (past a right angle, to their mirror), the
    /// edge bands standing for rows past the frame's edges.
    fn sending(
        &self,
        rows: std::ops::Range<usize>,
        band_rows: usize,
    ) -> std::ops::RangeInclusive<usize> {
        let (a, b) = if self.half_turn {
            (self.height - rows.end, self.height - rows.start)
        } else {
            (rows.start, rows.end)
        };
        let last = self.height as i32 - 1;
        let lowest = (a as i32 + self.top).clamp(0, last);
        let highest = (b as i32 - 1 + self.bottom - self.height as i32).clamp(0, last);
        lowest as usize / band_rows..=highest as usize / band_rows
    }

    /// Sends `run` of sheared row `sheared`, read from `line` after its
    /// last move `last`, cut to the frame.
    #[inline(always)]
    fn send_run(&self, run: &Run, (sheared, line, last): (i32, &[[u8; 4]], i32), out: &Out) {
        // The turned row this run lands in, and the columns of the run
        // that row's first move brings into the frame.
        let y = sheared - run.down;
        if !(0..self.height as i32).contains(&y) {
            return;
        }
        let first = self.firsts[y as usize];
        let (a, b) = (run.start.max(first), run.end.min(first + self.width as i32));
        if a < b {
            out.put((y as usize, (a - first) as usize), line, a + last, b - a);
        }
    }
}

/// The turned frame, written by every thread at once: each pixel by the
/// one thread that paints its source.
struct Out<'a> {
    pixels: *mut [u8; 4],
    width: usize,
    height: usize,
    half_turn: bool,
    frame: PhantomData<&'a mut [[u8; 4]]>,
}

// SAFETY: the threads write through `Out` only by `put` and `copy_at`,
// each pixel of the frame once in all (see `put`), and by `with_rows` on
// rows no thread writes any more, taken by one thread (see `draw`).
unsafe impl Sync for Out<'_> {}

impl<'a> Out<'a> {
    fn new(frame: &'a mut [[u8; 4]], (width, height): (usize, usize), half_turn: bool) -> Self {
        assert_eq!(frame.len(), width * height, "a frame of {width}x{height}");
        Self {
            pixels: frame.as_mut_ptr(),
            width,
            height,
            half_turn,
            frame: PhantomData,
        }
    }

    /// Calls `f` with the frame's rows `y0` to `y0 + rows`, whole.
    ///
    /// # Safety
    /// No other thread may write or read those rows until `f` returns.
    unsafe fn with_rows(&self, y0: usize, rows: usize, f: impl FnOnce(&mut [[u8; 4]])) {
        assert!(y0 + rows <= self.height, "rows within the frame");
        let start = self.pixels.wrapping_add(y0 * self.width);
        // SAFETY: within the frame (asserted), and no other thread's (the
        // caller's promise).
        f(unsafe { std::slice::from_raw_parts_mut(start, rows * self.width) })
    }

    /// Writes `from` into the frame from pixel `at` (counted along the
    /// rows), in one row: a run of the level picture's row that lands
    /// whole in the frame, as [`Out::put`] would.
    #[inline(always)]
    fn copy_at(&self, at: usize, from: &[[u8; 4]]) {
        let len = from.len();
        assert!(
            at + len <= self.width * self.height,
            "a run within the frame"
        );
        // SAFETY: within the frame (asserted), and no other thread writes
        // or reads these pixels while this slice lives (see `put`).
        let run = unsafe { std::slice::from_raw_parts_mut(self.pixels.add(at), len) };
        copy_run(run, from);
    }

    /// Writes `len` pixels of turned row `y` from column `x` (a half
    /// turn's mirror of them, backwards, past a right angle) from `line`
    /// at column `from`, the line's ends standing in past it.
    ///
    /// Every pixel of the frame is put once, by one thread: the three
    /// shears each move whole rows or columns by whole pixels, so they
    /// take each place of the sheared plane to one place, and `send`
    /// visits each sheared row once (its band's, or the edge band's past
    /// the frame) and each column of it once (in one run). The tests
    /// check that every pixel is written with the source the shears give.
    #[inline(always)]
    fn put(&self, (y, x): (usize, usize), line: &[[u8; 4]], from: i32, len: i32) {
        let len = len as usize;
        assert!(
            y < self.height && x + len <= self.width,
            "a run within the frame"
        );
        let (y, x) = if self.half_turn {
            (self.height - 1 - y, self.width - x - len)
        } else {
            (y, x)
        };
        // SAFETY: within the frame (asserted), and no other thread writes
        // or reads these pixels while this slice lives (see above).
        let run =
            unsafe { std::slice::from_raw_parts_mut(self.pixels.add(y * self.width + x), len) };
        copy_clamped(run, line, from);
        if self.half_turn {
            run.reverse();
        }
    }
}

/// Fills `out` from `line` starting at column `from`, the line's first
/// or last pixel standing in for columns before or past it.
#[inline(always)]
fn copy_clamped(out: &mut [[u8; 4]], line: &[[u8; 4]], from: i32) {
    let (len, width) = (out.len() as i32, line.len() as i32);
    if from >= 0 && from + len <= width {
        copy_run(out, &line[from as usize..(from + len) as usize]);
        return;
    }
    // Near the frame's corners: columns before the line, within it, and
    // past it.
    let before = (-from).clamp(0, len);
    let within = (width - from.max(0)).clamp(0, len - before);
    let (head, rest) = out.split_at_mut(before as usize);
    let (middle, tail) = rest.split_at_mut(within as usize);
    head.fill(line[0]);
    let start = (from.max(0) as usize).min(line.len());
    middle.copy_from_slice(&line[start..start + middle.len()]);
    tail.fill(line[line.len() - 1]);
}

/// Copies `from` into `out` (as long). The runs are a few dozen pixels,
/// too short for a call to `memcpy` to pay for itself (PERF.md entry
/// 153): up to 64 pixels, two copies of a fixed length, from the start
/// and to the end, overlapping in the middle. (A loop of copies would be
/// made a call to `memcpy` again by the compiler.)
#[inline(always)]
fn copy_run(out: &mut [[u8; 4]], from: &[[u8; 4]]) {
    /// Two copies of `N` pixels that cover `out`, `N` to `2N` long.
    #[inline(always)]
    fn ends<const N: usize>(out: &mut [[u8; 4]], from: &[[u8; 4]]) {
        let n = out.len();
        out[..N].copy_from_slice(&from[..N]);
        out[n - N..].copy_from_slice(&from[n - N..n]);
    }
    assert_eq!(out.len(), from.len(), "a run as long as its source");
    match out.len() {
        0..4 => out.copy_from_slice(from),
        4..8 => ends::<4>(out, from),
        8..16 => ends::<8>(out, from),
        16..32 => ends::<16>(out, from),
        32..=64 => ends::<32>(out, from),
        _ => out.copy_from_slice(from),
    }
}

#[cfg(test)]
mod tests;
