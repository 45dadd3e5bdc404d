//! The frame pacing overlay (F6 in the game): the last frames' times as a
//! bar graph, with lines at a 60 Hz frame (16.7 ms) and a 30 Hz frame
//! (33.3 ms), and the median and 99th percentile over it. The times come
//! from the window, which measures them; this only draws them over the
//! finished frame, and allocates nothing.

use super::font::{Canvas, Line, GLYPH};
use super::layout::text_scale;
use super::Frame;
use std::fmt::Write as _;

/// The header of the frame-time CSV (`--pacing`, and each study
/// condition's beside its recording): the frame's number from 0, when it
/// was presented (ms after the first present), the time since the present
/// before (ms; empty for the first) and from the first input it used to
/// its present (ms; empty when none came).
pub const CSV_HEADER: &str = "frame,present_ms,frame_ms,input_to_present_ms";

/// A 60 Hz frame, milliseconds.
pub const MS_60HZ: f64 = 1000.0 / 60.0;
/// A 30 Hz frame, milliseconds.
pub const MS_30HZ: f64 = 1000.0 / 30.0;
/// The frame time at the graph's top edge, milliseconds: a 20 Hz frame.
/// Longer frames are drawn to the top, in the slow colour.
const TOP_MS: f64 = 50.0;
/// The graph's height at text scale 1, pixels.
const GRAPH_H: usize = 60;
/// Space around the graph and its text, at text scale 1, pixels.
const PAD: usize = 4;

/// A frame within a 60 Hz frame and a little: green.
const QUICK: [u8; 4] = [90, 220, 110, 255];
/// A frame within a 30 Hz frame: amber.
const MIDDLING: [u8; 4] = [240, 190, 60, 255];
/// A longer frame: red.
const SLOW: [u8; 4] = [240, 80, 70, 255];
/// The 16.7 and 33.3 ms lines.
const RULE: [u8; 4] = [200, 200, 200, 255];
/// The figures' colour.
const TEXT: [u8; 3] = [235, 235, 235];

/// What the overlay shows: frame times and their percentiles.
#[derive(Clone, Copy, Debug)]
pub struct Pacing<'a> {
    /// Present-to-present times in milliseconds, oldest first, in two
    /// parts (a ring buffer's older and newer halves), drawn one bar each
    /// from the left.
    pub times_ms: [&'a [f32]; 2],
    /// How many bars the graph has room for: its width in bars, so it
    /// does not change width as it fills.
    pub bars: usize,
    /// The median of the times, milliseconds; None with no times.
    pub p50_ms: Option<f64>,
    /// The 99th percentile of the times, milliseconds.
    pub p99_ms: Option<f64>,
}

/// Where the overlay lies in a frame, pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Place {
    /// Glyph pixels are `scale` x `scale`.
    scale: usize,
    /// Width of one bar.
    bar: usize,
    /// The graph's left edge and the bottom (one past the last row).
    left: i64,
    bottom: i64,
    /// The graph's height.
    height: i64,
}

impl Place {
    /// The overlay for `bars` bars in the bottom-left corner of a
    /// `width` x `height` frame, as wide as fits (bars at least a pixel).
    fn new(bars: usize, (width, height): (usize, usize)) -> Self {
        let scale = text_scale(height);
        let pad = (PAD * scale) as i64;
        let room = width.saturating_sub(4 * PAD * scale);
        let bar = (room / bars.max(1)).clamp(1, 2 * scale);
        Self {
            scale,
            bar,
            left: 2 * pad,
            bottom: height as i64 - 2 * pad,
            height: (GRAPH_H * scale) as i64,
        }
    }

    /// The row of the graph at `ms` milliseconds (clamped to its top).
    fn row(&self, ms: f64) -> i64 {
        let up = (ms.max(0.0) / TOP_MS).min(1.0) * self.height as f64;
        self.bottom - up.round() as i64
    }
}

/// Draws `pacing` over the bottom-left corner of `frame`: a darkened box,
/// a bar for each of the newest `bars` frames (green within 60 Hz and a
/// little, amber within 30 Hz, red beyond), the 16.7 and 33.3 ms lines
/// across, and the figures above.
pub fn draw_pacing(frame: Frame, pacing: &Pacing) {
    let mut c = Canvas::over(frame);
    let (width, height) = (c.width, c.height);
    let at = Place::new(pacing.bars, (width, height));
    let pad = (PAD * at.scale) as i64;
    let graph_w = (pacing.bars * at.bar) as i64;
    let top = at.bottom - at.height - ((GLYPH + 2) * at.scale) as i64 - pad;
    let (x, y) = (at.left - pad, top - pad);
    let (w, h) = (graph_w + 2 * pad, at.bottom - top + 2 * pad);
    // Twice, as the study's panels darken: the bars read over a bright wall.
    c.shade_rect(x, y, w, h);
    c.shade_rect(x, y, w, h);
    draw_bars(&mut c, &at, pacing);
    // Over the bars, so a run of frames at 60 Hz still shows its line.
    for ms in [MS_60HZ, MS_30HZ] {
        c.fill(at.left, at.row(ms), graph_w, 1, RULE);
    }
    c.text(at.left, top, figures(pacing).as_str(), at.scale, TEXT);
}

/// A bar for each of the newest `pacing.bars` frame times, oldest at the
/// left, coloured by how long the frame took.
fn draw_bars(c: &mut Canvas, at: &Place, pacing: &Pacing) {
    let [older, newer] = pacing.times_ms;
    let extra = (older.len() + newer.len()).saturating_sub(pacing.bars);
    let times = older.iter().chain(newer).skip(extra);
    for (i, &ms) in times.enumerate() {
        let ms = f64::from(ms);
        let colour = match ms {
            ms if ms <= MS_60HZ * 1.05 => QUICK,
            ms if ms <= MS_30HZ * 1.05 => MIDDLING,
            _ => SLOW,
        };
        let y = at.row(ms);
        let x = at.left + (i * at.bar) as i64;
        c.fill(x, y, at.bar as i64, at.bottom - y, colour);
    }
}

/// The figures line: "p50 16.7 ms  p99 18.2 ms", or that there are none.
fn figures(pacing: &Pacing) -> Line {
    let mut line = Line::default();
    match (pacing.p50_ms, pacing.p99_ms) {
        (Some(p50), Some(p99)) => {
            let _ = write!(line, "frame p50 {p50:.1} ms  p99 {p99:.1} ms");
        }
        _ => {
            let _ = write!(line, "frame times: none yet");
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blank(w: usize, h: usize) -> Vec<u8> {
        [40u8, 40, 40, 255].repeat(w * h)
    }

    fn pixel(frame: &[u8], w: usize, (x, y): (i64, i64)) -> [u8; 4] {
        let i = (y as usize * w + x as usize) * 4;
        frame[i..i + 4].try_into().unwrap()
    }

    #[test]
    fn each_frame_is_a_bar_as_tall_as_its_time_in_its_colour() {
        let (w, h) = (960, 540);
        let mut frame = blank(w, h);
        // Oldest first: 10 ms and 16.7 ms in the older part, 25 and 80 ms
        // in the newer.
        let (older, newer) = ([10.0f32, 16.7], [25.0f32, 80.0]);
        let pacing = Pacing {
            times_ms: [&older, &newer],
            bars: 240,
            p50_ms: Some(20.9),
            p99_ms: Some(78.4),
        };
        draw_pacing(Frame::new(&mut frame, w, h), &pacing);
        let at = Place::new(240, (w, h));
        // At 540 rows the text scale is 1: bars 2 pixels wide (480 of
        // room), the graph 60 rows for 50 ms.
        assert_eq!((at.scale, at.bar, at.height), (1, 2, 60));
        let column = |i: i64| at.left + i * 2;
        // 10 ms is 12 rows up; 25 ms 30; 80 ms clamps to all 60.
        for (i, ms, rows, colour) in [
            (0, 10.0, 12, QUICK),
            (1, 16.7, 20, QUICK),
            (2, 25.0, 30, MIDDLING),
            (3, 80.0, 60, SLOW),
        ] {
            assert_eq!(at.row(ms), at.bottom - rows, "{ms} ms");
            let x = column(i);
            assert_eq!(pixel(&frame, w, (x, at.bottom - 1)), colour, "{ms} ms");
            // The bar's top row, but where a line crosses it.
            let top = pixel(&frame, w, (x + 1, at.bottom - rows));
            let lines = [MS_60HZ, MS_30HZ].map(|l| at.row(l));
            let want = if lines.contains(&(at.bottom - rows)) {
                RULE
            } else {
                colour
            };
            assert_eq!(top, want, "{ms} ms");
            // Above the bar: the darkened box (or a rule), not the bar.
            assert_ne!(
                pixel(&frame, w, (x, at.bottom - rows - 1)),
                colour,
                "{ms} ms"
            );
        }
        // No bar where no frame is yet, but the 33.3 ms line crosses.
        let empty = column(100);
        assert_eq!(pixel(&frame, w, (empty, at.row(MS_30HZ))), RULE);
        let below = pixel(&frame, w, (empty, at.bottom - 1));
        assert!(below[0] < 40, "darkened, {below:?}");
        // Outside the box the frame is untouched.
        assert_eq!(pixel(&frame, w, (w as i64 - 1, 0)), [40, 40, 40, 255]);
        assert_eq!(figures(&pacing).as_str(), "frame p50 20.9 ms  p99 78.4 ms");
    }

    #[test]
    fn a_tiny_frame_is_drawn_clipped_without_a_panic() {
        for (w, h) in [(1, 1), (8, 8), (100, 30), (3840, 2160)] {
            let mut frame = blank(w, h);
            let times = [16.0f32; 240];
            let pacing = Pacing {
                times_ms: [&times, &[]],
                bars: 240,
                p50_ms: None,
                p99_ms: None,
            };
            draw_pacing(Frame::new(&mut frame, w, h), &pacing);
        }
        let none = Pacing {
            times_ms: [&[], &[]],
            bars: 240,
            p50_ms: None,
            p99_ms: None,
        };
        assert_eq!(figures(&none).as_str(), "frame times: none yet");
    }
}
