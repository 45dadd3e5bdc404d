//! How the threads share a frame's rows: in bands cut as the threads come
//! for them, each a share of the rows still left, so that the first bands
//! are tall and the last ones short ("guided self-scheduling",
//! Polychronopoulos and Kuck, 1987).
//!
//! A band costs fixed work besides its pixels (each wall piece it meets
//! starts its rows again, the flats their rows ahead, the HUD its
//! layout), so tall bands are cheaper; but a thread that finishes its
//! last band waits for the others, so the last bands must be short. Cut
//! as they are taken, the tall bands go first and a thread that started
//! late (its core woken from sleep) or painted cheap rows takes more
//! (PERF.md entry 146, which measured the fixed work).

use std::sync::{Mutex, PoisonError};

/// Rows in the next band when `left` rows are left to cut in units of
/// `unit` rows for `threads` threads: a `threads`th of the units left
/// (rounded down), one unit at least, and never more rows than are left.
pub(super) fn next_band_rows(left: usize, unit: usize, threads: usize) -> usize {
    let unit = unit.max(1);
    let units = (left.div_ceil(unit) / threads.max(1)).max(1);
    units.saturating_mul(unit).min(left)
}

/// One band of the frame: its rows from frame row `y0`, and the flats'
/// open-column masks of those rows.
pub(super) struct Band<'a> {
    pub y0: usize,
    pub pixels: &'a mut [[u8; 4]],
    pub masks: &'a mut [u64],
}

/// A frame's rows not yet handed out, cut into bands of
/// [`next_band_rows`] from the top down.
pub(super) struct Cutter<'a> {
    left: Band<'a>,
    /// Pixels a row; mask words a row.
    width: usize,
    words: usize,
    unit: usize,
    threads: usize,
}

impl<'a> Cutter<'a> {
    /// The rows of a frame `width` pixels wide (`pixels`, with `words`
    /// mask words a row in `masks`), to be shared by `threads` threads in
    /// units of `unit` rows.
    pub(super) fn new(
        (pixels, width): (&'a mut [[u8; 4]], usize),
        (masks, words): (&'a mut [u64], usize),
        unit: usize,
        threads: usize,
    ) -> Self {
        Self {
            left: Band {
                y0: 0,
                pixels,
                masks,
            },
            width,
            words,
            unit,
            threads,
        }
    }
}

impl<'a> Iterator for Cutter<'a> {
    type Item = Band<'a>;

    fn next(&mut self) -> Option<Band<'a>> {
        let left = self.left.pixels.len().checked_div(self.width)?;
        if left == 0 {
            return None;
        }
        let rows = next_band_rows(left, self.unit, self.threads);
        let pixels = std::mem::take(&mut self.left.pixels);
        let (pixels, rest) = pixels.split_at_mut(rows * self.width);
        let masks = std::mem::take(&mut self.left.masks);
        let (masks, rest_masks) = masks.split_at_mut((rows * self.words).min(masks.len()));
        let y0 = self.left.y0;
        self.left = Band {
            y0: y0 + rows,
            pixels: rest,
            masks: rest_masks,
        };
        Some(Band { y0, pixels, masks })
    }
}

/// Paints every band `cutter` cuts with `paint`, on its threads of the
/// pool in force: each thread takes the next band as soon as it is done
/// with one. Which thread paints a band changes with timing, never what
/// is painted: `paint` must paint a band's rows alike whichever bands it
/// was given before.
pub(super) fn share(cutter: Cutter, paint: impl Fn(Band) + Sync) {
    use rayon::prelude::*;
    let threads = cutter.threads.max(1);
    if threads == 1 {
        // On the calling thread: a task handed to the pool would wake
        // another thread to run it, for nothing.
        cutter.for_each(paint);
        return;
    }
    let queue = Mutex::new(cutter);
    // A band cut is a few instructions under the lock; a panic while
    // painting holds no lock, so the queue is never left half cut.
    let next = || queue.lock().unwrap_or_else(PoisonError::into_inner).next();
    (0..threads).into_par_iter().with_max_len(1).for_each(|_| {
        while let Some(band) = next() {
            paint(band);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The heights `Cutter` cuts, by the rule written out again: each
    /// band the `threads`th part of the whole units left, one at least.
    fn heights_by_hand(rows: usize, unit: usize, threads: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut left = rows;
        while left > 0 {
            let units_left = left.div_ceil(unit);
            let take = std::cmp::max(units_left / threads, 1) * unit;
            let take = std::cmp::min(take, left);
            out.push(take);
            left -= take;
        }
        out
    }

    #[test]
    fn a_1080_row_frame_on_two_threads_goes_tall_first_and_short_last() {
        // 23 units of 48 (the last 24 rows): 11 of them, then 6 of the 12
        // left, 3 of 6, then one by one.
        assert_eq!(heights_by_hand(1080, 48, 2), [528, 288, 144, 48, 48, 24]);
        let mut pixels = vec![[0u8; 4]; 1080 * 3];
        let mut masks = vec![0u64; 1080];
        let cut: Vec<(usize, usize, usize)> = Cutter::new((&mut pixels, 3), (&mut masks, 1), 48, 2)
            .map(|b| (b.y0, b.pixels.len() / 3, b.masks.len()))
            .collect();
        assert_eq!(
            cut,
            [
                (0, 528, 528),
                (528, 288, 288),
                (816, 144, 144),
                (960, 48, 48),
                (1008, 48, 48),
                (1056, 24, 24)
            ]
        );
        // One thread takes the frame in one band.
        assert_eq!(heights_by_hand(1080, 48, 1), [1080]);
    }

    #[test]
    fn the_bands_tile_the_frame_in_order_at_any_size_unit_and_threads() {
        for rows in [0, 1, 2, 15, 16, 17, 97, 359, 360, 1080, 4321] {
            for unit in [1, 2, 7, 16, 30, 48] {
                for threads in [1, 2, 3, 4, 7, 64] {
                    let (width, words) = (5, 2);
                    let mut pixels = vec![[0u8; 4]; rows * width];
                    let mut masks = vec![0u64; rows * words];
                    let mut y = 0;
                    let mut heights = Vec::new();
                    let cutter =
                        Cutter::new((&mut pixels, width), (&mut masks, words), unit, threads);
                    for band in cutter {
                        let n = band.pixels.len() / width;
                        assert_eq!(band.y0, y, "{rows} rows, unit {unit}, {threads} threads");
                        assert_eq!(band.pixels.len(), n * width);
                        assert_eq!(band.masks.len(), n * words);
                        assert!(n > 0);
                        // Whole units but for the frame's last rows.
                        assert!(n % unit == 0 || y + n == rows);
                        // Never taller than the one before.
                        assert!(heights.last().is_none_or(|&h| n <= h));
                        heights.push(n);
                        y += n;
                    }
                    assert_eq!(y, rows);
                    assert_eq!(heights, heights_by_hand(rows, unit, threads));
                }
            }
        }
    }

    #[test]
    fn sharing_paints_every_row_once_on_any_pool() {
        for threads in [1, 2, 3, 5] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let (width, rows) = (3, 361);
            let mut pixels = vec![[0u8; 4]; width * rows];
            let mut masks = vec![0u64; rows];
            pool.install(|| {
                let cutter = Cutter::new((&mut pixels, width), (&mut masks, 1), 16, threads);
                share(cutter, |band| {
                    for (i, row) in band.pixels.chunks_mut(width).enumerate() {
                        for p in row {
                            p[0] = p[0].wrapping_add(1);
                            p[1] = ((band.y0 + i) % 251) as u8;
                        }
                    }
                    for m in band.masks.iter_mut() {
                        *m += 1;
                    }
                })
            });
            for (y, row) in pixels.chunks(width).enumerate() {
                for p in row {
                    assert_eq!(p[..2], [1, (y % 251) as u8], "row {y} on {threads} threads");
                }
            }
            assert!(masks.iter().all(|&m| m == 1));
        }
    }
}
