//! Frame pacing, measured on the app's monotonic clock (the simulation and
//! the renderer never read one): the time from one present to the next,
//! and from an input to the present of the first frame built after it.
//! The last [`GRAPH_FRAMES`] frame times feed the overlay (F6); with
//! `--pacing` every frame is also kept as a row, written to a CSV file at
//! the end. The instants are passed in, so all of it tests without waiting.

use crate::render::pacing::Pacing;
use crate::stats;
use std::io::{self, Write};
use std::time::Instant;

/// Frames the overlay's graph shows: four seconds at 60 Hz.
pub(super) const GRAPH_FRAMES: usize = 240;

/// Rows kept room for at the start when no frame count is given: ten
/// minutes at 60 Hz (about 1.7 MB). Past it the list grows as a `Vec` does.
const ROWS_AT_FIRST: usize = 36_000;

/// The most rows kept for `--pacing`: 4.6 hours at 60 Hz, 48 MB. Frames
/// after them are counted in the graph but not written (the summary says
/// how many).
pub(super) const MAX_ROWS: usize = 1_000_000;

/// The header of the `--pacing` CSV file.
pub use crate::render::pacing::CSV_HEADER;

/// One presented frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    /// Frames presented before this one.
    pub frame: u64,
    /// When it was presented, milliseconds after the first present.
    pub present_ms: f64,
    /// Milliseconds since the present before; None for the first.
    pub frame_ms: Option<f64>,
    /// Milliseconds from the first input not in an earlier frame to this
    /// present; None when no input came in since the last frame.
    pub input_to_present_ms: Option<f64>,
}

/// The present-to-present and input-to-present clock of a window.
#[derive(Debug)]
pub(super) struct Meter {
    /// The first present.
    first: Option<Instant>,
    /// The latest present.
    last: Option<Instant>,
    /// Frames presented.
    frames: u64,
    /// The first input that no frame has been built from yet.
    pending: Option<Instant>,
    /// The first input the frame being built (or one built but not shown)
    /// is the first to use.
    building: Option<Instant>,
    /// The last frame times, for the graph.
    recent: Recent,
    /// Every frame, kept only with `--pacing`.
    rows: Option<Vec<Row>>,
}

impl Meter {
    /// A meter that keeps every frame's row if `keep` (with room for
    /// `frames` rows if known, up to 2^18, 73 minutes at 60 Hz), else only
    /// the graph's frame times.
    pub fn new(keep: bool, frames: Option<u64>) -> Self {
        let room = frames.map_or(ROWS_AT_FIRST, |n| n.min(1 << 18) as usize);
        Self {
            first: None,
            last: None,
            frames: 0,
            pending: None,
            building: None,
            recent: Recent::default(),
            rows: keep.then(|| Vec::with_capacity(room)),
        }
    }

    /// An input event came in `at`: a key, a mouse button, mouse motion.
    /// Only the first since the last frame was built is timed.
    pub fn input(&mut self, at: Instant) {
        self.pending.get_or_insert(at);
    }

    /// A frame is being built from the controls as they are now: it is the
    /// first to use the inputs that came in since the last one. A frame
    /// that was built but not shown leaves its input to the next.
    pub fn frame_begins(&mut self) {
        if self.building.is_none() {
            self.building = self.pending.take();
        }
    }

    /// The frame built last was presented `at`.
    pub fn presented(&mut self, at: Instant) {
        let ms = |from: Instant| at.saturating_duration_since(from).as_secs_f64() * 1000.0;
        let first = *self.first.get_or_insert(at);
        let frame_ms = self.last.map(ms);
        let row = Row {
            frame: self.frames,
            present_ms: ms(first),
            frame_ms,
            input_to_present_ms: self.building.take().map(ms),
        };
        if let Some(frame_ms) = frame_ms {
            self.recent.push(frame_ms as f32);
        }
        if let Some(rows) = self.rows.as_mut().filter(|r| r.len() < MAX_ROWS) {
            rows.push(row);
        }
        self.last = Some(at);
        self.frames += 1;
    }

    /// What the overlay shows: the last frame times with their median and
    /// 99th percentile. Allocates nothing.
    pub fn graph(&mut self) -> Pacing<'_> {
        let quantiles = self.recent.quantiles();
        Pacing {
            times_ms: self.recent.parts(),
            bars: GRAPH_FRAMES,
            p50_ms: quantiles.map(|q| q.0),
            p99_ms: quantiles.map(|q| q.1),
        }
    }

    /// Frames presented.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// The rows kept so far (none unless kept): a study's condition
    /// writes the ones presented during it.
    pub fn rows(&self) -> &[Row] {
        self.rows.as_deref().unwrap_or_default()
    }

    /// Every frame's row, if kept (the first [`MAX_ROWS`]).
    pub fn into_rows(self) -> Option<Vec<Row>> {
        self.rows
    }
}

/// The last [`GRAPH_FRAMES`] frame times in a ring, and room to sort them.
#[derive(Debug)]
struct Recent {
    /// Frame times, milliseconds; slot `next` is the oldest once full.
    times: [f32; GRAPH_FRAMES],
    /// Where the next time goes.
    next: usize,
    /// Times held, at most [`GRAPH_FRAMES`].
    len: usize,
    /// Scratch for the percentiles.
    sorted: [f32; GRAPH_FRAMES],
}

impl Default for Recent {
    fn default() -> Self {
        Self {
            times: [0.0; GRAPH_FRAMES],
            next: 0,
            len: 0,
            sorted: [0.0; GRAPH_FRAMES],
        }
    }
}

impl Recent {
    /// Adds a frame time, forgetting the oldest once full.
    fn push(&mut self, ms: f32) {
        self.times[self.next] = ms;
        self.next = (self.next + 1) % GRAPH_FRAMES;
        self.len = (self.len + 1).min(GRAPH_FRAMES);
    }

    /// The times held, oldest first, as two slices.
    fn parts(&self) -> [&[f32]; 2] {
        if self.len < GRAPH_FRAMES {
            [&self.times[..self.len], &[]]
        } else {
            let (newer, older) = self.times.split_at(self.next);
            [older, newer]
        }
    }

    /// The median and the 99th percentile of the times held (R's type 7,
    /// as [`stats::quantile`]), sorted in place of a copy so nothing is
    /// allocated; None with no times.
    fn quantiles(&mut self) -> Option<(f64, f64)> {
        if self.len == 0 {
            return None;
        }
        // Until the ring is full its times are its first `len` slots.
        let sorted = &mut self.sorted[..self.len];
        sorted.copy_from_slice(&self.times[..self.len]);
        sorted.sort_unstable_by(f32::total_cmp);
        Some((type7(sorted, 0.5), type7(sorted, 0.99)))
    }
}

/// R's type 7 quantile `p` of ascending `sorted`, not empty: the same
/// rule as [`stats::quantile`], on values already sorted in place.
fn type7(sorted: &[f32], p: f64) -> f64 {
    stats::quantile_of_sorted_by(sorted.len(), p, |i| f64::from(sorted[i]))
}

/// The 50th, 95th and 99th percentiles of some timings, milliseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Percentiles {
    /// How many timings.
    pub count: usize,
    /// The median.
    pub p50: f64,
    /// The 95th percentile.
    pub p95: f64,
    /// The 99th percentile.
    pub p99: f64,
}

impl Percentiles {
    /// The percentiles of `values` (R's type 7, [`stats::quantile`]);
    /// None for no values.
    pub fn of(values: &[f64]) -> Option<Self> {
        let q = |p| stats::quantile(values, p);
        Some(Self {
            count: values.len(),
            p50: q(0.5)?,
            p95: q(0.95)?,
            p99: q(0.99)?,
        })
    }
}

/// What the frames of a `--pacing` run came to, for the command line to
/// print.
#[derive(Clone, Debug, PartialEq)]
pub struct PacingSummary {
    /// Frames presented.
    pub frames: usize,
    /// Present to present.
    pub frame_ms: Option<Percentiles>,
    /// Input to the present of the first frame built after it.
    pub input_to_present_ms: Option<Percentiles>,
    /// The game paced the frames itself: vsync was asked for, but the
    /// presents did not wait for the display (Mesa's software Vulkan
    /// under Xvfb).
    pub paced_here: bool,
}

impl PacingSummary {
    /// The percentiles of `rows`' frame times and input delays, the frames
    /// paced by the game if `paced_here`.
    pub fn of(rows: &[Row], paced_here: bool) -> Self {
        let frame: Vec<f64> = rows.iter().filter_map(|r| r.frame_ms).collect();
        let input: Vec<f64> = rows.iter().filter_map(|r| r.input_to_present_ms).collect();
        Self {
            frames: rows.len(),
            frame_ms: Percentiles::of(&frame),
            input_to_present_ms: Percentiles::of(&input),
            paced_here,
        }
    }
}

/// Writes `rows` as CSV under [`CSV_HEADER`], milliseconds to the
/// microsecond, a missing value as an empty field.
pub fn write_csv(out: &mut impl Write, rows: &[Row]) -> io::Result<()> {
    writeln!(out, "{CSV_HEADER}")?;
    let field = |v: Option<f64>| v.map_or(String::new(), |v| format!("{v:.3}"));
    for r in rows {
        writeln!(
            out,
            "{},{:.3},{},{}",
            r.frame,
            r.present_ms,
            field(r.frame_ms),
            field(r.input_to_present_ms)
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn at(base: Instant, ms: u64) -> Instant {
        base + Duration::from_millis(ms)
    }

    #[test]
    fn rows_stop_at_the_cap_while_frames_are_still_counted() {
        let t0 = Instant::now();
        let mut m = Meter::new(true, None);
        for i in 0..MAX_ROWS as u64 + 5 {
            m.presented(at(t0, i));
        }
        assert_eq!(m.frames(), MAX_ROWS as u64 + 5);
        let rows = m.into_rows().unwrap();
        assert_eq!(rows.len(), MAX_ROWS);
        assert_eq!(rows.last().unwrap().frame, MAX_ROWS as u64 - 1);
    }

    #[test]
    fn frames_are_timed_present_to_present_and_inputs_to_the_first_frame_after() {
        let t0 = Instant::now();
        let mut m = Meter::new(true, Some(4));
        // Frame 0: no input yet.
        m.frame_begins();
        m.presented(at(t0, 10));
        // Two inputs before frame 1 is built: the first is timed.
        m.input(at(t0, 12));
        m.input(at(t0, 20));
        m.frame_begins();
        // An input while frame 1 is being drawn waits for frame 2.
        m.input(at(t0, 27));
        m.presented(at(t0, 30));
        // Frame 2 is built but not shown (occluded, a failed present):
        // its input goes with the next frame shown.
        m.frame_begins();
        m.frame_begins();
        m.presented(at(t0, 64));
        m.frame_begins();
        m.presented(at(t0, 80));
        let rows = m.into_rows().unwrap();
        let got: Vec<_> = rows
            .iter()
            .map(|r| (r.frame, r.present_ms, r.frame_ms, r.input_to_present_ms))
            .collect();
        assert_eq!(
            got,
            [
                (0, 0.0, None, None),
                (1, 20.0, Some(20.0), Some(18.0)),
                (2, 54.0, Some(34.0), Some(37.0)),
                (3, 70.0, Some(16.0), None),
            ]
        );
    }

    #[test]
    fn the_graph_holds_the_last_frames_oldest_first() {
        let t0 = Instant::now();
        let mut m = Meter::new(false, None);
        assert_eq!(m.graph().p50_ms, None);
        for i in 0..=(GRAPH_FRAMES as u64 + 5) {
            m.frame_begins();
            // Frame i takes i ms after the first.
            m.presented(at(t0, i * (i + 1) / 2));
        }
        let graph = m.graph();
        let times: Vec<f32> = graph.times_ms[0]
            .iter()
            .chain(graph.times_ms[1])
            .copied()
            .collect();
        let want: Vec<f32> = (6..=GRAPH_FRAMES as u32 + 5).map(|i| i as f32).collect();
        assert_eq!(times, want);
        // 6 to 245 ms: the median halfway between 125 and 126; the 99th
        // percentile at position 239 * 0.99 = 236.61, 242 + 0.61.
        assert_eq!(graph.p50_ms, Some(125.5));
        assert!((graph.p99_ms.unwrap() - 242.61).abs() < 1e-9);
        assert!(m.into_rows().is_none(), "rows only with --pacing");
    }

    #[test]
    fn the_graphs_quantiles_are_the_study_statistics_ones() {
        let mut recent = Recent::default();
        let mut held = Vec::new();
        for i in 0..300u32 {
            // Uneven times, exact in f32.
            let ms = ((i * 37) % 101) as f32 / 4.0;
            recent.push(ms);
            held.push(f64::from(ms));
            let start = held.len().saturating_sub(GRAPH_FRAMES);
            let (p50, p99) = recent.quantiles().unwrap();
            assert_eq!(Some(p50), stats::quantile(&held[start..], 0.5), "{i}");
            let want = stats::quantile(&held[start..], 0.99).unwrap();
            assert!((p99 - want).abs() < 1e-9, "{i}: {p99} {want}");
        }
    }

    #[test]
    fn percentiles_by_hand() {
        // 1..=10 ms: type 7 puts p50 at position 4.5 (5.5 ms), p95 at
        // 8.55 (9.55 ms), p99 at 8.91 (9.91 ms).
        let ten: Vec<f64> = (1..=10).rev().map(f64::from).collect();
        let p = Percentiles::of(&ten).unwrap();
        assert_eq!((p.count, p.p50), (10, 5.5));
        assert!(
            (p.p95 - 9.55).abs() < 1e-12 && (p.p99 - 9.91).abs() < 1e-12,
            "{p:?}"
        );
        // 100 frames of 16 ms and one of 50: p99 at position 99 of 100,
        // still 16; the 50 ms frame is the 100th percentile only.
        let mut frames = vec![16.0; 100];
        frames.push(50.0);
        let p = Percentiles::of(&frames).unwrap();
        assert_eq!((p.p50, p.p95, p.p99), (16.0, 16.0, 16.0));
        // Two of 50 among 101: position 99 is the first of them.
        frames[0] = 50.0;
        assert_eq!(Percentiles::of(&frames).unwrap().p99, 50.0);
        assert_eq!(Percentiles::of(&[]), None);
    }

    #[test]
    fn the_summary_skips_missing_values_and_the_csv_leaves_them_empty() {
        let row = |frame, present_ms, frame_ms, input| Row {
            frame,
            present_ms,
            frame_ms,
            input_to_present_ms: input,
        };
        let rows = [
            row(0, 0.0, None, None),
            row(1, 16.5, Some(16.5), Some(30.25)),
            row(2, 50.0, Some(33.5), None),
        ];
        let summary = PacingSummary::of(&rows, false);
        assert_eq!((summary.frames, summary.paced_here), (3, false));
        let frame = summary.frame_ms.unwrap();
        assert_eq!((frame.count, frame.p50), (2, 25.0));
        let input = summary.input_to_present_ms.unwrap();
        assert_eq!((input.count, input.p99), (1, 30.25));
        let mut out = Vec::new();
        write_csv(&mut out, &rows).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "frame,present_ms,frame_ms,input_to_present_ms\n\
             0,0.000,,\n\
             1,16.500,16.500,30.250\n\
             2,50.000,33.500,\n"
        );
    }
}
