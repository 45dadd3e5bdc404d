//! The view's roll: the scene already drawn, turned about the frame's
//! centre (the HUD is drawn after, level). A raycaster casts level rays,
//! so a rolled camera is the level picture turned the other way.

use super::{band_rows, BAND_ROWS};
use rayon::prelude::*;

/// Columns of a band turned at a time, down all its rows. A row of the
/// turned picture reads the level one along a slant: a short run from
/// each of many rows. Turned a whole row at a time, each run is fetched
/// from memory as the row reaches it, one after another; turned in
/// slices, the runs the next slice reads are fetched while this one is
/// turned (PERF.md entry 29).
const SLICE: usize = 64;

/// Where along its next slice a row asks for the level picture ahead: a
/// pixel every 64 bytes, and the last.
const PREFETCH: [usize; 5] = [0, 16, 32, 48, SLICE - 1];

/// Asks for the cache line of pixel `at` of `level`, if there is one.
#[inline]
fn prefetch(level: &[[u8; 4]], at: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(p) = level.get(at) {
        // SAFETY: a prefetch reads nothing the program sees, and SSE is
        // part of every x86-64 processor.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>((p as *const [u8; 4]).cast());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (level, at);
}

/// Turns the picture in `pixels` (`width` x `height`, rows of RGBA) for a
/// view rolled right by `roll` radians: each pixel takes the nearest one
/// of the level picture at its place turned by `roll` about the centre
/// (the horizon rises on the right), the picture's edge standing in past
/// it. `scratch` holds the level picture and keeps its memory between
/// frames.
pub(super) fn turn(
    pixels: &mut [[u8; 4]],
    (width, height): (usize, usize),
    roll: f64,
    scratch: &mut Vec<[u8; 4]>,
) {
    scratch.clear();
    scratch.extend_from_slice(pixels);
    let (sin, cos) = roll.sin_cos();
    let (cx, cy) = (width as f64 / 2.0, height as f64 / 2.0);
    let (last_x, last_y) = (width as i64 - 1, height as i64 - 1);
    let level = &scratch[..];
    let band_rows = band_rows(height);
    pixels
        .par_chunks_mut(band_rows * width)
        .enumerate()
        .for_each(|(band, rows)| {
            // Each row starts from its own place (so the picture is the
            // same in any bands) and steps along the turned row, a slice
            // at a time: the same additions in the same order as a whole
            // row at once, so the same pixels.
            // (`band_rows` is at most `BAND_ROWS`, so every row has one.)
            debug_assert!(rows.len() / width <= BAND_ROWS);
            let mut places = [(0.0, 0.0); BAND_ROWS];
            for (r, place) in places.iter_mut().enumerate().take(rows.len() / width) {
                let dy = (band * band_rows + r) as f64 + 0.5 - cy;
                let dx = 0.5 - cx;
                *place = (cx + dx * cos - dy * sin, cy + dx * sin + dy * cos);
            }
            // A truncation is a floor here: below 0 both clamp to 0.
            let source = |sx: f64, sy: f64| {
                let (x, y) = ((sx as i64).clamp(0, last_x), (sy as i64).clamp(0, last_y));
                y as usize * width + x as usize
            };
            for x0 in (0..width).step_by(SLICE) {
                let x1 = (x0 + SLICE).min(width);
                for (row, place) in rows.chunks_mut(width).zip(&mut places) {
                    let (mut sx, mut sy) = *place;
                    // What this row reads in the next slice, asked for
                    // now: a slice down all the band's rows later, it is
                    // in the cache.
                    for k in PREFETCH {
                        let k = (SLICE + k) as f64;
                        prefetch(level, source(sx + k * cos, sy + k * sin));
                    }
                    for px in &mut row[x0..x1] {
                        *px = level[source(sx, sy)];
                        sx += cos;
                        sy += sin;
                    }
                    *place = (sx, sy);
                }
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture `w` x `h`: white above the middle row, black below.
    fn horizon(w: usize, h: usize) -> Vec<[u8; 4]> {
        (0..w * h)
            .map(|i| {
                if i / w < h / 2 {
                    [255; 4]
                } else {
                    [0, 0, 0, 255]
                }
            })
            .collect()
    }

    /// The first black row of column `x`.
    fn edge(p: &[[u8; 4]], w: usize, x: usize) -> usize {
        (0..p.len() / w).find(|&y| p[y * w + x][0] == 0).unwrap()
    }

    #[test]
    fn rolled_right_the_horizon_rises_on_the_right() {
        let (w, h) = (200, 100);
        let mut p = horizon(w, h);
        let mut scratch = Vec::new();
        turn(&mut p, (w, h), 5f64.to_radians(), &mut scratch);
        let (left, middle, right) = (edge(&p, w, 0), edge(&p, w, w / 2), edge(&p, w, w - 1));
        assert_eq!(middle, h / 2, "turned about the centre");
        assert!(right < middle && left > middle, "{left} {middle} {right}");
        // tan(5 degrees) over half the width: about 8.7 rows.
        assert!((middle as f64 - right as f64 - 100.0 * 5f64.to_radians().tan()).abs() <= 1.5);
        // No roll, no change; the scratch keeps its memory.
        let (before, capacity) = (horizon(w, h), scratch.capacity());
        let mut same = before.clone();
        turn(&mut same, (w, h), 0.0, &mut scratch);
        assert_eq!(same, before);
        assert_eq!(scratch.capacity(), capacity);
    }

    #[test]
    fn turned_in_slices_the_pixels_are_a_whole_row_s_at_a_time() {
        // The reference: every row from its own place, left to right.
        fn by_rows(level: &[[u8; 4]], (w, h): (usize, usize), roll: f64) -> Vec<[u8; 4]> {
            let (sin, cos) = roll.sin_cos();
            let (cx, cy) = (w as f64 / 2.0, h as f64 / 2.0);
            let mut out = Vec::with_capacity(w * h);
            for r in 0..h {
                let (dx, dy) = (0.5 - cx, r as f64 + 0.5 - cy);
                let (mut sx, mut sy) = (cx + dx * cos - dy * sin, cy + dx * sin + dy * cos);
                for _ in 0..w {
                    let x = (sx as i64).clamp(0, w as i64 - 1) as usize;
                    let y = (sy as i64).clamp(0, h as i64 - 1) as usize;
                    out.push(level[y * w + x]);
                    sx += cos;
                    sy += sin;
                }
            }
            out
        }
        let mut scratch = Vec::new();
        // Widths under, at and past a slice, and not a whole number of
        // them; heights of one band and of several, the last short.
        for (w, h) in [(1, 1), (7, 5), (64, 48), (65, 49), (200, 100), (333, 201)] {
            let level: Vec<[u8; 4]> = (0..w * h)
                .map(|i| (i as u32).wrapping_mul(2_654_435_761).to_ne_bytes())
                .collect();
            for degrees in [-170.0, -30.0, -2.0, 0.5, 2.0, 45.0, 90.0, 179.0] {
                let roll = f64::to_radians(degrees);
                let mut turned = level.clone();
                turn(&mut turned, (w, h), roll, &mut scratch);
                assert!(
                    turned == by_rows(&level, (w, h), roll),
                    "{w}x{h} rolled {degrees} degrees"
                );
            }
        }
    }
}
